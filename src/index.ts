// The `sluice` entry point: what an application needs to define a kernel, its bundles,
// its controllers' requests and responses, and the events its listeners receive. The
// other concerns have subpaths of their own: sluice/routing, sluice/decorators,
// sluice/security, sluice/persistence, sluice/server, sluice/console, sluice/profiler and
// sluice/testing (docs/guide/README.md lists what each one holds).
export { Kernel, type KernelOptions, type CommandRegistration } from './kernel/kernel.ts';
export { Bundle } from './kernel/bundle.ts';
export { controller, type BundleConfiguration, type ControllerClass, type ControllerWithFactory, type ServiceFactories } from './kernel/bundle-configuration.ts';
export { Container, type ServiceMap } from './kernel/container.ts';
export { HttpKernel } from './kernel/http-kernel.ts';
export type { HttpKernelInterface } from './kernel/http-kernel-interface.ts';
export { RequestType } from './kernel/request-type.ts';
export { KernelEvents, type KernelEventMap } from './kernel/kernel-events.ts';
export { SLUICE_VERSION } from './kernel/version.ts';
export type { FrameworkConfig, FrameworkConfigInput, SessionConfig, SessionConfigInput, SessionCookieConfig } from './kernel/kernel-config.ts';
export type { ExceptionMapping, ExceptionPolicy } from './error-handler/exception-mapping.ts';
export { requestIdOf } from './http/request-id.ts';
export { RateLimiter, type RateLimit } from './rate-limiter/rate-limiter.ts';
export { FixedWindowPolicy, SlidingWindowPolicy, TokenBucketPolicy, type RateLimitPolicy, type PolicyStep } from './rate-limiter/rate-limit-policy.ts';
export { MemoryRateLimitStorage, RedisRateLimitStorage, type RateLimitStorage } from './rate-limiter/rate-limit-storage.ts';
export { RateLimiters, type RateLimiterDefinition } from './rate-limiter/rate-limiters.ts';
export { closeRedisClient, createRedisClient } from './support/redis-client.ts';
export { defaultSecurityHeaders, type SecurityHeadersConfig, type SecurityHeadersInput } from './framework-bundle/security-headers.ts';
export { HealthChecks, writableDirectory, HEALTH_PATHS, type HealthCheck, type HealthReport } from './framework-bundle/health-checks.ts';

export * from './http/index.ts';
export * from './exception/index.ts';
export * from './event/index.ts';
export { Event, EventDispatcher, isThenable, subscriptions, type EventDispatcherInterface, type EventMap, type EventSubscriber, type SubscribedEvents, type ListenerMethodOf, type Listener, type ListenerFunction } from './event-dispatcher/index.ts';

export { FrameworkBundle } from './framework-bundle/framework-bundle.ts';
export { FrameworkExtraBundle, type FrameworkExtraOptions } from './framework-extra-bundle/framework-extra-bundle.ts';
export { TemplatingBundle, type TemplatingConfig } from './templating-bundle/templating-bundle.ts';

export type { Controller, ControllerFunction, ControllerTuple } from './controller/controller.ts';
export { declareArguments, type ArgumentMetadata, type ArgumentDeclaration, type Declared } from './controller/argument-metadata.ts';
export { UndeclaredArgumentsError } from './controller/undeclared-arguments-error.ts';
export type { ArgumentValueResolver } from './controller/value-resolver/argument-value-resolver.ts';
export { DeferredArgument } from './controller/deferred-argument.ts';

export { PayloadMapping, type PayloadMappingOptions, type PayloadSource } from './payload/payload-mapping.ts';
export { ValidationFailedHttpException } from './payload/validation-failed-http-exception.ts';
export type { Violation } from './payload/violation.ts';
export { jsonSchemaOf, withJsonSchema, type JsonSchema } from './payload/json-schema.ts';
export { deferredSchema, isDeferredSchema, loadDeferredSchemas, type DeferredSchema } from './payload/deferred-schema.ts';
export { View, type ViewOptions } from './serializer/view.ts';
export { normalize, serializationGroups } from './serializer/normalizer.ts';
export { ApiBundle, type ApiBundleOptions } from './api-bundle/api-bundle.ts';
export { CorsBundle, type CorsConfig } from './cors/cors-bundle.ts';
export { CompressionBundle } from './compression/compression-bundle.ts';
export { MetricsBundle, type MetricsBundleOptions } from './metrics/metrics-bundle.ts';
export { openTelemetryRegistered } from './support/open-telemetry-registered.ts';
export type { PrometheusMetrics } from './metrics/prometheus-metrics.ts';
export { ResponseCompressor, type CompressionOptions } from './compression/response-compressor.ts';
export type { CorsRuleInput } from './cors/cors-rule.ts';
export { OpenApiGenerator, type OpenApiOptions } from './openapi/openapi-generator.ts';

export { Session, type SessionOptions } from './session/session.ts';
export type { SessionStore } from './session/session-store.ts';
export { FlashBag } from './session/flash-bag.ts';

export { UploadedFile } from './server/uploaded-file.ts';
export { parseBody, parseJson, readBody, type BodyOptions } from './server/body-parser.ts';

export type { TemplateEngine, TemplateVariables } from './templating/template-engine.ts';
export { registerTranslator, type TranslatorConfig } from './translation/register-translator.ts';
export { Translator } from './translation/translator.ts';

export { Logger } from './log/logger.ts';
export { LogLevel, type LevelName } from './log/level.ts';
export type { LogContext, LogHandler, LogRecord } from './log/log-record.ts';

export { Debug } from './error-handler/debug.ts';
export { LegacyDebug } from './debug/debug.ts';
export { triggerDeprecation } from './error-handler/trigger-deprecation.ts';
export { interpolate } from './log/interpolate.ts';
export { formatLine } from './log/line-formatter.ts';

export { loadEnv, envSource, type LoadEnvOptions, type LoadedEnv } from './config/load-env.ts';
export { envInteger, envBoolean, InvalidEnvValueError, type IntegerOptions } from './config/env-value.ts';
