import { AccessDeniedHttpException } from '../exception/access-denied-http-exception.ts';
import { NotFoundHttpException } from '../exception/not-found-http-exception.ts';
import { JsonResponse } from '../http/json-response.ts';
import { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import type { Profile } from '../profiler/profile.ts';
import type { Profiler } from '../profiler/profiler.ts';
import type { ProfileSearch } from '../profiler/profiler-storage.ts';
import { isAllowedClient, type ClientPolicy } from './client-access.ts';
import { renderProfilePage } from './view/profile-page.ts';
import { renderSearchPage } from './view/search-page.ts';
import { declareArguments } from '../controller/argument-metadata.ts';

const html = { 'Content-Type': 'text/html; charset=UTF-8' };

/**
 * The profiler's pages: recent profiles with a search (`/_profiler/`), a profile's panels
 * (`/_profiler/{token}?panel=logs`), and its JSON (`/_profiler/{token}.json`). The token
 * `latest` names the newest profile. Only clients the policy allows get an answer.
 */
export class ProfilerController {
  readonly #profiler: Profiler;
  readonly #clients: ClientPolicy;

  constructor(profiler: Profiler, clients: ClientPolicy = 'loopback') {
    this.#profiler = profiler;
    this.#clients = clients;
  }

  async homeAction(request: Request): Promise<Response> {
    this.#guard(request);
    const raw = Object.fromEntries(['method', 'url', 'status', 'ip', 'start', 'end', 'limit'].map((key) => [key, request.query.getString(key) || undefined]));
    const search: ProfileSearch = {
      method: raw.method,
      url: raw.url,
      ip: raw.ip,
      statusCode: numberOf(raw.status),
      start: timeOf(raw.start),
      end: timeOf(raw.end),
      limit: Math.min(500, numberOf(raw.limit) ?? 50),
    };
    return new Response(renderSearchPage(await this.#profiler.find(search), search, raw), 200, html);
  }

  async panelAction(token: string, request: Request): Promise<Response> {
    this.#guard(request);
    const profile = await this.#load(token);
    const query = Object.fromEntries(['panel', 'tab', 'level', 'channel'].map((key) => [key, request.query.getString(key) || undefined]));
    return new Response(renderProfilePage(profile, query), 200, html);
  }

  async jsonAction(token: string, request: Request): Promise<Response> {
    this.#guard(request);
    return new JsonResponse((await this.#load(token)).toJSON());
  }

  async #load(token: string): Promise<Profile> {
    const wanted = token === 'latest' ? (await this.#profiler.find({ limit: 1 }))[0]?.token : token;
    const profile = wanted === undefined ? undefined : await this.#profiler.loadProfile(wanted);
    if (profile === undefined) throw new NotFoundHttpException(`Token "${token}" was not found in the profiler storage.`);
    return profile;
  }

  #guard(request: Request): void {
    const ip = request.clientIp;
    if (!isAllowedClient(this.#clients, ip)) {
      throw new AccessDeniedHttpException(`The profiler answers local clients only (this client: ${ip}); see the "allowedClients" option of WebProfilerBundle.`);
    }
  }
}

function numberOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** A `datetime-local` value (local time) or any date Date.parse reads. */
function timeOf(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

declareArguments(ProfilerController.prototype.homeAction, { request: Request });
declareArguments(ProfilerController.prototype.panelAction, { token: String, request: Request });
declareArguments(ProfilerController.prototype.jsonAction, { token: String, request: Request });
