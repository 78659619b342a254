export interface NginxConfigOptions {
  /** Where nginx listens, e.g. `127.0.0.1:8080`. */
  listen: string;
  /** The instances, e.g. `['127.0.0.1:8081', '127.0.0.1:8082']`. */
  upstreams: readonly string[];
  /** A directory of nginx's own: pid, logs and temporary files go there (no root needed). */
  dir: string;
  /** The largest request body, e.g. `8m` (pictures are uploaded through nginx). */
  clientMaxBodySize?: string;
}

/**
 * The configuration `npm run cluster:local` runs nginx with: the same proxying as
 * deploy/nginx/sluice.conf (see that file for the why of each directive), plus the
 * paths of a process that lives in a temporary directory.
 */
export function nginxConfig(options: NginxConfigOptions): string {
  const { dir } = options;
  // As root, nginx's workers would switch to `nobody`, which cannot write the temporary directory.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;

events {
  worker_connections 1024;
}

http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size ${options.clientMaxBodySize ?? '8m'};

${upstreamBlock(options.upstreams)}

  server {
    listen ${options.listen};
${locationBlock()}
  }
}
`;
}

export function upstreamBlock(upstreams: readonly string[]): string {
  const servers = upstreams.map((address) => `    server ${address} max_fails=3 fail_timeout=2s;`).join('\n');
  return `  upstream sluice {
${servers}
    keepalive 32;
    keepalive_timeout 4s;
  }`;
}

export function locationBlock(): string {
  return `    location / {
      proxy_pass http://sluice;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;
      proxy_set_header X-Forwarded-Port $server_port;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
    }`;
}
