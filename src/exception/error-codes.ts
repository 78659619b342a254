/**
 * The framework's own errors: each code with its message template (`{name}` placeholders,
 * filled from the parameters given to SluiceError) and what to do about it. Codes are
 * stable; docs/errors.md is generated from this table (scripts/error-codes-page.test.ts
 * keeps the two in step: `UPDATE_ERROR_DOCS=1 node scripts/run-tests.mjs error-codes-page`).
 * A code is added for a mistake an application or its configuration can make; an
 * internal invariant stays a plain Error.
 */
export interface ErrorCodeDefinition {
  /** The message, with `{name}` where a parameter goes. */
  readonly message: string;
  /** What to do about it, in a sentence or two. */
  readonly fix: string;
}

export const errorCodes = {
  SLUICE_APP_DIRECTORY_EXISTS: {
    message: '"{dir}" already exists: choose a new directory for the application.',
    fix: 'Choose a directory that does not exist yet; `sluice new` never writes into an existing one.',
  },
  SLUICE_APP_PARENT_MISSING: {
    message: '"{parent}" does not exist: create it first, or choose another place for the application.',
    fix: 'Create the parent directory first, or choose another place for the application.',
  },
  SLUICE_ASSETS_TARGET_MISSING: {
    message: 'The target directory "{target}" does not exist.',
    fix: 'Create the target directory first, or pass an existing one (the application\'s public/ by default).',
  },
  SLUICE_CACHE_NOT_A_DATE: {
    message: 'The lastModified of @Cache ("{expression}") gave {value}, which is not a date.',
    fix: 'Point `lastModified` at a value that is a Date (an entity\'s `updatedAt`, for instance).',
  },
  SLUICE_CACHE_PUBLIC_AND_PRIVATE: {
    message: '@Cache cannot be both public and private.',
    fix: 'Set either `public: true` or `private: true` on @Cache, not both.',
  },
  SLUICE_CACHE_UNKNOWN_ATTRIBUTE: {
    message: 'Cannot evaluate "{expression}": the request has no attribute "{root}" (attributes: {attributes}).',
    fix: 'Name a request attribute the route or a listener sets (a route parameter, a converted entity) in the @Cache expression.',
  },
  SLUICE_CIRCULAR_SERVICE: {
    message: 'Circular reference detected for service "{id}", path: "{path}".',
    fix: 'Break the cycle: one of the services on the path must get the other lazily (through the container) instead of in its factory.',
  },
  SLUICE_COLUMN_TYPE_MISMATCH: {
    message: 'Cannot store {value} in column "{column}" ({type}) of table "{table}".',
    fix: 'Store a value of the column\'s declared type, or change the column\'s type in the entity mapping.',
  },
  SLUICE_CONSOLE_INVALID_HEADER: {
    message: 'Invalid header "{header}": expected \'Name: value\'.',
    fix: 'Pass each header as `-H \'Name: value\'`.',
  },
  SLUICE_CONSOLE_INVALID_METHOD: {
    message: 'Invalid method "{method}": an HTTP method is one word of letters (GET, POST, ...).',
    fix: 'Give the request command an HTTP method such as GET or POST.',
  },
  SLUICE_CONSOLE_INVALID_PATH: {
    message: 'Invalid path "{path}": the path must start with / (e.g. /events/1).',
    fix: 'Give the path with its leading slash, e.g. `/events/1`.',
  },
  SLUICE_CONSOLE_PATH_WITHOUT_SLASH: {
    message: 'The path must start with "/": "{path}".',
    fix: 'Give the path with its leading slash, e.g. `/events/1`.',
  },
  SLUICE_CONSOLE_TRACE_NEEDS_DEBUG: {
    message: '--trace needs a debug kernel (the "{environment}" environment has no traceable dispatcher); use --env=dev.',
    fix: 'Run the command with `--env=dev` (or another debug environment) to use `--trace`.',
  },
  SLUICE_CONSOLE_UNKNOWN_FORMAT: {
    message: 'Unknown format "{format}": use txt or json.',
    fix: 'Pass `--format=txt` or `--format=json`.',
  },
  SLUICE_CONSOLE_UNKNOWN_REQUEST_FORMAT: {
    message: 'Unknown format "{format}": use text or jsonl.',
    fix: 'Pass `--format=text` or `--format=jsonl`.',
  },
  SLUICE_CONTROLLER_NOT_CALLABLE: {
    message: 'Controller "{controller}" is not callable: no method "{method}".',
    fix: 'Point the route\'s controller at a method the class has (`[Class, \'method\']`).',
  },
  SLUICE_CONVERTER_UNSUPPORTED: {
    message: 'Converter \'{name}\' does not support conversion of parameter \'{parameter}\'.',
    fix: 'Give the parameter a class the converter supports, or name another converter.',
  },
  SLUICE_CORS_CREDENTIALS_ANY_ORIGIN: {
    message: 'CORS: credentials cannot be allowed to any origin ("*"); list the origins or give a regular expression.',
    fix: 'List the allowed origins, or give a regular expression, when credentials are allowed.',
  },
  SLUICE_CSRF_NEEDS_SECRET: {
    message: 'CSRF tokens need a non-empty kernel secret.',
    fix: 'Set APP_SECRET (or `framework.secret`) so CSRF tokens can be signed.',
  },
  SLUICE_CSRF_TOKEN_NEEDS_SESSION: {
    message: 'csrf_token() needs a session: register the session component so that request.session is set.',
    fix: 'Enable sessions (the FrameworkBundle\'s `session` setting) so that request.session is set when a template calls csrf_token().',
  },
  SLUICE_DECORATOR_MISPLACED: {
    message: '@{decorator} goes on a controller class or a public instance method, not on {what}.',
    fix: 'Put the decorator on a controller class or on one of its public instance methods.',
  },
  SLUICE_DECORATOR_NEEDS_PARAMETER: {
    message: '@{decorator} needs the name of the parameter it converts.',
    fix: 'Pass the parameter\'s name as the decorator\'s first argument.',
  },
  SLUICE_DECORATOR_NEEDS_PARAMETER_TO_FILL: {
    message: '@{decorator} needs the name of the parameter it fills.',
    fix: 'Pass the parameter\'s name as the decorator\'s first argument.',
  },
  SLUICE_DUPLICATE_MIGRATION: {
    message: 'Two migrations have the version "{version}".',
    fix: 'Give each migration a version of its own; versions are usually timestamps.',
  },
  SLUICE_DUPLICATE_USER: {
    message: 'The user "{identifier}" already exists.',
    fix: 'Give each user of the in-memory provider an identifier of its own.',
  },
  SLUICE_EMPTY_CLASS_NAME: {
    message: '"{name}" is not a valid class name: give a name before "{suffix}" (e.g. "BlogPost{suffix}").',
    fix: 'Give the name before its suffix, e.g. "BlogPostController" rather than "Controller".',
  },
  SLUICE_EMPTY_REDIRECT_URL: {
    message: 'Cannot redirect to an empty URL.',
    fix: 'Give the RedirectResponse the URL to redirect to (generate it with the router).',
  },
  SLUICE_EMPTY_USER_IDENTIFIER: {
    message: 'The user identifier cannot be empty.',
    fix: 'Give the user a non-empty identifier (a username or an e-mail address).',
  },
  SLUICE_ENTITY_ID_NOT_A_COLUMN: {
    message: 'The id "{id}" of table "{table}" is not one of its columns ("{columns}").',
    fix: 'Name one of the mapping\'s columns as its `id`.',
  },
  SLUICE_ENTITY_NOT_GUESSABLE: {
    message: 'Unable to guess how to get an entity instance from the request information for parameter "{name}".',
    fix: 'Add a route parameter named after the entity\'s id (`{id}`) or map one with the `mapping` or `expr` option.',
  },
  SLUICE_FORM_LOGIN_NEEDS_CSRF_MANAGER: {
    message: 'Form login with CSRF protection needs a CsrfTokenManager.',
    fix: 'Give the form login a CsrfTokenManager (the SecurityBundle makes one from the kernel secret), or set `enableCsrf: false`.',
  },
  SLUICE_FORM_LOGIN_NEEDS_SESSION: {
    message: 'Form login needs a session: register the session component so that request.session is set.',
    fix: 'Enable sessions (the FrameworkBundle\'s `session` setting): form login keeps the user in the session.',
  },
  SLUICE_INVALID_APP_NAME: {
    message: '"{directoryName}" is not a valid application name: use lowercase letters, digits and single dashes, starting with a letter (e.g. "my-app").',
    fix: 'Name the application\'s directory with lowercase letters, digits and single dashes, starting with a letter, e.g. "my-app".',
  },
  SLUICE_INVALID_CACHE_EXPIRES: {
    message: '@Cache option "expires": invalid date "{expires}"; give a date or a relative time such as "+2 days" or "tomorrow".',
    fix: 'Give `expires` a date or a relative time such as "+2 days" or "tomorrow".',
  },
  SLUICE_INVALID_CACHE_OPTION: {
    message: '@Cache option "{name}": {reason}',
    fix: 'Give the @Cache option a number of seconds or a relative time such as "1 hour".',
  },
  SLUICE_INVALID_CLASS_NAME: {
    message: '"{name}" is not a valid class name: use letters and digits in PascalCase, starting with a capital letter (e.g. "BlogPost").',
    fix: 'Give a PascalCase name of letters and digits that starts with a capital letter, e.g. "BlogPost".',
  },
  SLUICE_INVALID_CONVERTER_OPTIONS: {
    message: 'Invalid option(s) passed to @{annotation}: {options}',
    fix: 'Use only the options the converter knows (id, mapping, exclude, expr, repository_method, ...).',
  },
  SLUICE_INVALID_COOKIE_NAME: {
    message: 'The cookie name "{name}" contains invalid characters.',
    fix: 'Name the cookie with letters, digits and `-`, `_`, `.` only.',
  },
  SLUICE_INVALID_DURATION: {
    message: 'Invalid duration "{value}": give seconds or a relative time such as "1 day" or "+2 hours".',
    fix: 'Give a number of seconds or a relative time such as "1 day", "+2 hours" or "30 minutes".',
  },
  SLUICE_INVALID_ENV_VALUE: {
    message: '{variable} must be {expected}, {value} given{source}.',
    fix: 'Fix the variable in the environment or the .env file the message names.',
  },
  SLUICE_INVALID_LOG_ROTATION: {
    message: 'A rotated log keeps at least 1 old file, {keep} given.',
    fix: 'Give `keep` a whole number of at least 1 in the log rotation settings.',
  },
  SLUICE_INVALID_PORT: {
    message: 'Invalid port "{port}": expected a number from 0 to 65535.',
    fix: 'Give `--port` a number from 0 to 65535 (0 picks a free port).',
  },
  SLUICE_INVALID_RATE_LIMIT_INTERVAL: {
    message: 'A rate limit interval is a positive number of milliseconds, {interval} given.',
    fix: 'Give the rate limit\'s interval as a positive number of milliseconds.',
  },
  SLUICE_INVALID_REALM: {
    message: 'The realm "{realm}" cannot contain quotes, backslashes or line breaks.',
    fix: 'Use a realm without quotes, backslashes or line breaks: it is sent inside a quoted header value.',
  },
  SLUICE_INVALID_SCRYPT_PARAMETERS: {
    message: 'The scrypt parameters are out of range (cost 1..20, blockSize 1..32, parallelization 1..16).',
    fix: 'Keep the hasher\'s cost from 1 to 20, blockSize from 1 to 32 and parallelization from 1 to 16.',
  },
  SLUICE_INVALID_SERVER_ADDRESS: {
    message: 'Invalid port {port} in "{address}".',
    fix: 'Give server:run an address such as `127.0.0.1:8000`, with a port from 0 to 65535.',
  },
  SLUICE_INVALID_SQL_IDENTIFIER: {
    message: 'Invalid SQL identifier "{identifier}" in the mapping of table "{table}": use letters, digits and "_".',
    fix: 'Name tables and columns with letters, digits and underscores only.',
  },
  SLUICE_INVALID_STATUS_CODE: {
    message: 'The HTTP status code "{code}" is not valid.',
    fix: 'Use an HTTP status code from 100 to 599.',
  },
  SLUICE_INVALID_TOKEN_RATE: {
    message: 'A token bucket refills a positive number of tokens, {rate} given.',
    fix: 'Give the token bucket a positive refill rate.',
  },
  SLUICE_INVALID_TRUSTED_HOST: {
    message: 'The trusted host pattern "{pattern}" is not a valid regular expression: {reason}',
    fix: 'Fix the regular expression in TRUSTED_HOSTS (each entry is a JavaScript regular expression\'s source).',
  },
  SLUICE_INVALID_TRUSTED_PROXY: {
    message: 'The trusted proxy "{range}" is neither an IP address nor a CIDR range (e.g. "10.0.0.0/8", "2001:db8::/32"), nor REMOTE_ADDR or PRIVATE_SUBNETS.',
    fix: 'List IP addresses or CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`), `REMOTE_ADDR` or `PRIVATE_SUBNETS` in TRUSTED_PROXIES.',
  },
  SLUICE_MIGRATE_SYNC_NEEDS_SQLITE: {
    message: 'migrateSync() needs an SQLite connection; use migrate().',
    fix: 'Use `migrate()`, which works on every connection; `migrateSync()` exists for SQLite only.',
  },
  SLUICE_MIGRATION_CONNECTION: {
    message: 'Migrations run on SQLite or PostgreSQL connections only.',
    fix: 'Run migrations on the connection the entity manager was given (a `sqlite:` or `postgresql://` URL).',
  },
  SLUICE_MISSING_ARGUMENT: {
    message:
      'Controller "{controller}" requires that you provide a value for the "{argument}" argument. ' +
      'Either the argument is nullable and no null value has been provided, no default value has been provided or because there is a non optional argument after this one. ' +
      'Name it after a route parameter or request attribute, give it a class a resolver knows (Request, Session, an entity), or declare it optional or nullable in @Args.',
    fix: 'Name the argument after a route parameter or request attribute, give it a class a value resolver knows (Request, Session, an entity), or declare it optional or nullable in @Args.',
  },
  SLUICE_MISSING_DRIVER: {
    message: '{purpose} need the "{name}" package, an optional peer dependency of sluice: run `npm install {name}`.',
    fix: 'Install the package named in the message in the application (`npm install <name>`).',
  },
  SLUICE_MISSING_SECRET: {
    message: 'The "secret" setting is required in prod: set APP_SECRET (at least 16 characters) or framework.secret.',
    fix: 'Set APP_SECRET in the environment (at least 16 random characters) or `framework.secret` in the configuration.',
  },
  SLUICE_MIXED_LOG_CHANNELS: {
    message: 'Channel list [{channels}] mixes included and excluded channels; use one form only.',
    fix: 'List only channels to keep (`[\'app\', \'security\']`) or only channels to leave out (`[\'!event\', \'!php\']`), not both.',
  },
  SLUICE_NOT_A_CONTROLLER_CLASS: {
    message: 'The "{className}" class does not look like a controller class (its name must end with "Controller").',
    fix: 'Name the controller class with a `Controller` suffix, or give @Template the template\'s name.',
  },
  SLUICE_NOT_A_REDIRECT_STATUS: {
    message: 'The HTTP status code is not a redirect ("{status}" given).',
    fix: 'Use a 3xx status (301, 302, 303, 307 or 308) for a redirect.',
  },
  SLUICE_NOT_A_REGULAR_FILE: {
    message: 'File "{path}" is not a regular file.',
    fix: 'Give a BinaryFileResponse the path of a file, not a directory or a device.',
  },
  SLUICE_DEFERRED_SCHEMA_NOT_LOADED: {
    message: 'A deferred schema was asked for its JSON Schema before it was loaded.',
    fix: 'Await loadDeferredSchemas() (or the schema\'s load()) before building a document from deferred schemas.',
  },
  SLUICE_NOT_A_STANDARD_SCHEMA: {
    message: 'A payload mapping needs a Standard Schema (zod, valibot, arktype...): an object with "~standard".validate.',
    fix: 'Pass a schema of a Standard Schema library (zod, valibot, arktype...) to the payload mapping.',
  },
  SLUICE_NO_ROUTER: {
    message: 'This application has no router: register the FrameworkBundle.',
    fix: 'Register the FrameworkBundle in the kernel\'s bundles.',
  },
  SLUICE_NO_SUCH_CONTROLLER_METHOD: {
    message: 'defineController({controller}): there is no method "{method}".',
    fix: 'Name a method the controller class has.',
  },
  SLUICE_PACKAGE_NOT_FOUND: {
    message: 'No package.json of sluice above {from}.',
    fix: 'Run the command from inside an installation of sluice (its package.json must be in a parent directory).',
  },
  SLUICE_PASSWORD_TOO_LONG: {
    message: 'A password cannot be longer than {max} characters.',
    fix: 'Refuse longer passwords where they are entered (a form or payload rule) before hashing: the bound keeps a client from making the server hash a huge text.',
  },
  SLUICE_PORT_IN_USE: {
    message: 'Port {port} on {host} is already in use; choose another port.',
    fix: 'Stop the process that uses the port, or choose another one with `--port` (or PORT).',
  },
  SLUICE_PROFILER_NEEDS_FRAMEWORK_BUNDLE: {
    message: 'The WebProfilerBundle needs the FrameworkBundle: register it right after the FrameworkBundle.',
    fix: 'Register the WebProfilerBundle after the FrameworkBundle in the kernel\'s bundles.',
  },
  SLUICE_RATE_LIMIT_TOO_LOW: {
    message: 'A rate limit allows at least 1 hit, {limit} given.',
    fix: 'Allow at least one hit per interval in the rate limit.',
  },
  SLUICE_SCAFFOLD_FILE_EXISTS: {
    message: '{path} already exists: nothing was written (choose another name, or edit that file).',
    fix: 'Choose another name for what you make, or edit the existing file by hand.',
  },
  SLUICE_SERIALIZER_CIRCULAR_REFERENCE: {
    message: 'A circular reference was found while serializing.',
    fix: 'Return data without cycles from the controller, or limit what is serialized with serialization groups.',
  },
  SLUICE_SESSION_VALUE_NOT_JSON: {
    message: 'The session value "{name}" cannot be stored: {reason}. Session values are stored as JSON.',
    fix: 'Store plain data in the session (strings, numbers, booleans, arrays, plain objects); keep an id rather than an entity.',
  },
  SLUICE_SESSION_VALUE_WITHOUT_JSON: {
    message: 'The session value "{name}" cannot be stored: a {type} has no JSON form. Session values are stored as JSON.',
    fix: 'Store plain data in the session (strings, numbers, booleans, arrays, plain objects); keep an id rather than an entity.',
  },
  SLUICE_STREAMED_RESPONSE_CONTENT: {
    message: 'The content cannot be set on a StreamedResponse instance.',
    fix: 'Write the body from the StreamedResponse\'s callback, or use a Response for a body known in advance.',
  },
  SLUICE_STREAMED_RESPONSE_SENT_TWICE: {
    message: 'A StreamedResponse can be sent only once.',
    fix: 'Create a new StreamedResponse for each request; a callback\'s output cannot be replayed.',
  },
  SLUICE_TEMPLATE_ENGINE_MISSING: {
    message: 'A controller declares @Template, but there is no template engine: register the TemplatingBundle.',
    fix: 'Register the TemplatingBundle in the kernel\'s bundles, or return a Response from the controller instead of using @Template.',
  },
  SLUICE_TEMPLATE_NOT_GUESSABLE: {
    message: 'The template of controller "{controller}" cannot be guessed: it is a function, not [object, "method"]. Give @Template a template name.',
    fix: 'Give @Template the template\'s name, e.g. `@Template(\'event/show.html.twig\')`.',
  },
  SLUICE_TEST_BODY_NOT_JSON: {
    message: 'The response body (status {status}, {type}) is not JSON: {start}',
    fix: 'Check the status and Content-Type first: the response is probably an error page or a redirect.',
  },
  SLUICE_TEST_COLLECTOR_FAILED: {
    message: 'The "{name}" data collector failed: {reason}',
    fix: 'Fix the data collector: its collect() threw while the profile was taken.',
  },
  SLUICE_TEST_NEEDS_SECURITY_BUNDLE: {
    message: 'loginUser() needs the SecurityBundle: the kernel registers none.',
    fix: 'Register the SecurityBundle in the test kernel before calling loginUser().',
  },
  SLUICE_TEST_NOT_A_REDIRECT: {
    message: 'followRedirect(): the last response is not a redirect ({last}).',
    fix: 'Call followRedirect() only after a request answered with a 3xx and a Location header.',
  },
  SLUICE_UNKNOWN_RATE_LIMITER: {
    message: 'No rate limiter is named "{name}" ({known}).',
    fix: "Define it with kernel.container.get('rate_limiters').define(), or name one that is defined in @RateLimit.",
  },
  SLUICE_TEST_NO_COLLECTOR_DATA: {
    message: 'The profile {token} has no "{name}" data: the "{name}" data collector is not registered.',
    fix: 'Register the data collector (the WebProfilerBundle registers the built-in ones) or ask for one the profile has.',
  },
  SLUICE_TEST_NO_REQUEST: {
    message: 'getProfile(): no request was made yet.',
    fix: 'Make a request with the client before asking for its profile.',
  },
  SLUICE_TEST_TOO_MANY_REDIRECTS: {
    message: 'followRedirect(): more than {max} redirects in a row; the last went to {location}.',
    fix: 'Look for a redirect loop in the application, or raise `maxRedirects` if the chain is meant to be long.',
  },
  SLUICE_TEST_TWO_BODIES: {
    message: 'A request has one body: give json, form (with files), or body, not {given}.',
    fix: 'Pass one of `json`, `form` (with `files`) or `body` to the request.',
  },
  SLUICE_TEST_UNKNOWN_USER: {
    message: 'loginUser(): the user provider knows no user "{user}".',
    fix: 'Log in a user that the kernel\'s user provider knows (its identifier or the user object).',
  },
  SLUICE_TOO_FEW_DECLARED_ARGUMENTS: {
    message: 'Controller "{controller}" takes {count} parameters but declares {declaredCount} ({declared}): list every parameter, in order, in its @Args({ ... }) declaration.',
    fix: 'List every parameter of the controller, in order, in its @Args({ ... }) declaration.',
  },
  SLUICE_TRACING_AFTER_BOOT: {
    message: 'installTracing() must run while bundles build, before the kernel has booted.',
    fix: 'Call installTracing() from a bundle\'s build step, before the kernel boots.',
  },
  SLUICE_TRUSTED_PROXY_PREFIX_TOO_LONG: {
    message: 'The trusted proxy "{range}" has a prefix longer than an IPv{family} address.',
    fix: 'Use a prefix length of at most 32 for an IPv4 range and 128 for an IPv6 range.',
  },
  SLUICE_UNDECLARED_ARGUMENTS: {
    message:
      'Controller "{controller}" takes {count} parameter{plural} but declares none: list them in order with their classes, ' +
      'e.g. @Args({ request: Request, id: String }) on the method (or declareArguments(fn, { ... }) for a function).',
    fix: 'Arguments are resolved by name, and names are not read from the function\'s source (a minifier renames them): declare them with @Args({ request: Request, id: String }) on the method, or declareArguments(fn, { ... }) for a function.',
  },
  SLUICE_UNKNOWN_COLUMN: {
    message: 'Unknown column "{column}" for table "{table}"; known columns: "{columns}".',
    fix: 'Use one of the columns the entity mapping declares, or add the column to the mapping (and a migration).',
  },
  SLUICE_UNKNOWN_CONVERTER: {
    message: 'No converter named \'{name}\' found for conversion of parameter \'{parameter}\'.',
    fix: 'Name a registered parameter converter (`doctrine.orm`, `datetime`) or register yours.',
  },
  SLUICE_UNKNOWN_LOG_LEVEL: {
    message: 'Unknown log level "{name}".',
    fix: 'Use one of the eight PSR-3 level names: debug, info, notice, warning, error, critical, alert, emergency.',
  },
  SLUICE_UNKNOWN_LOG_LEVEL_VALUE: {
    message: 'Unknown log level {value}.',
    fix: 'Use one of the eight PSR-3 level values: 100, 200, 250, 300, 400, 500, 550, 600.',
  },
  SLUICE_UNKNOWN_REPOSITORY_METHOD: {
    message: 'The repository of table "{table}" has no method "{method}" (the "repository_method" option).',
    fix: 'Name a method of the entity\'s repository in the converter\'s `repository_method` option.',
  },
  SLUICE_UNKNOWN_ROUTE: {
    message: 'The route "{name}" does not exist; run debug:router to list the routes.',
    fix: 'Run debug:router to list the routes and use one of their names.',
  },
  SLUICE_UNKNOWN_SERVICE: {
    message: 'You have requested a non-existent service "{id}". Known services: {known}.',
    fix: 'Register the service in a bundle\'s `services`, or check the name against the known services.',
  },
  SLUICE_UNKNOWN_SESSION_STORE: {
    message: 'Unknown session store "{store}": use memory, file or redis.',
    fix: 'Set the session store to `memory`, `file` or `redis` (SESSION_STORE or `framework.session.store`).',
  },
  SLUICE_UNREGISTERED_ENTITY: {
    message: 'The class "{entity}" is not a registered entity{registered}.',
    fix: 'Register the entity class with the entity manager (its bundle\'s `entities`) before asking for its repository.',
  },
  SLUICE_UNSUPPORTED_DATABASE_URL: {
    message: 'Unsupported database URL "{url}": expected "sqlite:<path>", "sqlite::memory:" or "postgresql://user@host/database".',
    fix: 'Set DATABASE_URL (or the bundle\'s `database` setting) to `sqlite:<path>`, `sqlite::memory:` or `postgresql://user@host/database`.',
  },
  SLUICE_UNSUPPORTED_DATE_FORMAT: {
    message: 'Unsupported date format character "{char}" in "{format}"; supported: Y y m n d j H G i s.',
    fix: 'Use only the supported format characters (Y y m n d j H G i s) in the date converter\'s `format` option.',
  },
  SLUICE_UNSUPPORTED_PROFILER_STORAGE: {
    message: 'Unsupported profiler storage "{dsn}": use file:///<dir> or redis://<host>:<port>.',
    fix: 'Set the profiler storage to `file:///<dir>` or `redis://<host>:<port>`.',
  },
  SLUICE_VARIADIC_NOT_ARRAY: {
    message: 'The action argument "...{name}" is required to be an array, the request attribute "{name}" contains a {type} instead.',
    fix: 'Set the request attribute of a variadic argument to an array.',
  },
  SLUICE_WATCH_DIRECTORY_MISSING: {
    message: 'Cannot watch "{dir}": no such directory.',
    fix: 'Create the directory or remove it from the directories to watch.',
  },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type SluiceErrorCode = keyof typeof errorCodes;

/** The `{name}` placeholders of a message template (braces around text with spaces are literal). */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
  ? (Name extends `${string} ${string}` | '' ? never : Name) | Placeholders<Rest>
  : never;

/** The parameters a code's message needs, one per placeholder. */
export type ErrorParameters<C extends SluiceErrorCode> = C extends SluiceErrorCode
  ? { readonly [K in Placeholders<(typeof errorCodes)[C]['message']>]: unknown }
  : never;
