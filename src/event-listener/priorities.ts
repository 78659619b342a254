/**
 * Listener priorities, highest runs first. The numbers are the reference's (release 4.4),
 * because the observed log depends on this exact order; each says why it sits where it is.
 */
export const Priority = {
  /** Before anything else can fail, so errors of the request itself are already handled and logged. */
  DEBUG_HANDLERS_CONFIGURE: 2048,
  /** Reject forged hosts and conflicting proxy headers before any listener trusts them. */
  VALIDATE_REQUEST: 256,
  /** A lazy session must exist before routing, firewall or controllers may use it. */
  SESSION_REQUEST: 128,
  /** The default locale is known before the router builds URLs or matches `_locale`. */
  LOCALE_DEFAULT: 100,
  /** Routing: sets `_controller` and the route attributes. */
  ROUTER: 32,
  /** Rewrites the legacy `Bundle:Controller:action` notation the router just set. */
  RESOLVE_CONTROLLER_NAME: 24,
  /** After routing, so a `_locale` route attribute sets the request locale. */
  LOCALE_REQUEST: 16,

  /** Annotation-driven listeners run after the data collectors saw the original controller. */
  CONTROLLER_DEFAULT: 0,
  /** Template selection last: another listener may still replace the controller. */
  TEMPLATE_CONTROLLER: -128,

  /** Data a controller returned is serialized after the template listener had its chance to render it as a page. */
  SERIALIZE_VIEW: -32,

  /** After the security listener of a full stack (1) but before the error page is rendered. */
  ROUTER_EXCEPTION: -64,
  /** Renders the error page last, so other kernel.exception listeners could answer first. */
  ERROR_RENDER: -128,

  /** Profiles are collected once other listeners finished changing the response. */
  PROFILER_RESPONSE: -100,
  /** The toolbar is injected into the final HTML. */
  TOOLBAR_RESPONSE: -128,
  /** Marks a debug response not to be indexed, unless something already said otherwise. */
  DISALLOW_ROBOTS: -255,
  /** Session cookies and cache headers are decided when the response is otherwise final. */
  SESSION_RESPONSE: -1000,
  /** Streamed responses are prepared last, after every header is set. */
  STREAMED_RESPONSE: -1024,
  /** The profile is stored after everything else a terminate listener did. */
  PROFILER_TERMINATE: -1024,
} as const;
