/**
 * The core as a Fastify application: third-party wrappers first (cookies, websocket, docs), then
 * our services (auth, realtime hub, device gateway), then routes. `server.ts` only listens.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TRPCError } from '@trpc/server';
import { mockScenarioRunRoutes } from './mock/scenario-runs.js';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { ERROR_CATALOGUE, GATEWAY, MOCK_AUTH, REALTIME, type ErrorEnvelope, type SandboxRuntimeInfo } from '@fleet/contracts';
import { mountingServer, type Mounts, type ServerSettings } from './platform/mounts.js';
import type { Db } from '@fleet/db';
import type { Config } from './env.js';
import { systemClock, type Clock } from './platform/clock.js';
import { cookiesPlugin } from './plugins/cookies.js';
import { answerClientError, answerConnect, errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { jsonBodyPlugin, refuseDeepJsonText } from './plugins/json-body.js';
import { compressionPlugin, consoleFilesPlugin, consolePageAt, sendConsolePage } from './plugins/serving.js';
import { metricsPlugin } from './plugins/metrics.js';
import { docsPageRoutes, swaggerDefinitions, swaggerDocument } from './plugins/docs-page.js';
import { authPlugin } from './plugins/auth.js';
import { openApiDocument, openApiHeading } from './plugins/openapi.js';
import { createServices, type Services } from './services.js';
import { RedisInvalidationBus } from './platform/invalidations-redis.js';
import { catalogueRoutes, MAX_PATH_PARAM_LENGTH, unknownCatalogueRequests } from './routes/catalogue.js';
import { mockAuthRoutes } from './routes/mock-auth.js';
import { mockChatRoutes } from './mock/chat-routes.js';
import { mockPreviewRoutes } from './mock/preview-routes.js';
import { realtimeRoutes } from './routes/realtime.js';
import { gatewayRoutes } from './routes/gateway-ws.js';
import { downloadRoutes } from './routes/downloads.js';
import { recipientVerificationRoutes } from './routes/recipient-verification.js';
import { mockRecordingRoutes, recordingTapPlugin } from './mock/recordings-routes.js';
import { chaosPlugin } from './mock/chaos-http.js';
import { DOWNLOADS_PATH } from './modules/files/download-links.js';
import { appRouter } from './mock/control-plane.js';
import { createContext, runsOf } from './mock/control-plane-trpc.js';
import { controlPlaneHttpRoutes } from './mock/control-plane-http.js';
import { controlPlaneOpenApi } from './mock/control-plane-openapi.js';
import { requestJournalPlugin } from './mock/request-journal.js';
import { lazyChildLoggerFactory } from './request-logger.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    config: Config;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Where the core reads the time and arms its timers (tests step a TestClock); the wall clock by default. */
  clock?: Clock;
  /** A logger of the caller's (a sandbox's core logs as a child of the stack's); else `logger`'s settings. */
  loggerInstance?: FastifyBaseLogger;
  /** Applications under path prefixes of this core's server (the stack's sandboxes: platform/mounts.ts). */
  mounts?: Mounts;
  /** This core is a sandbox's: the console inside it shows which (runtime-config.json). */
  sandbox?: () => SandboxRuntimeInfo;
}

const servicesPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; db: Db; clock: Clock }) => {
    const services = createServices(opts.config, opts.db, app.log, opts.clock);
    app.decorate('services', services);
    // A replay runs the recorded REST writes through the app's own request path (mock only).
    services.replays.useInject(async (request) => {
      const res = await app.inject(request);
      return { statusCode: res.statusCode, body: res.body };
    });
    app.decorate('config', opts.config);
    app.addHook('onClose', async () => {
      // Usage counted since the last flush is written while storage is still open.
      await services.usageReports.close();
      // A recording under way is finished (end line, summary) rather than cut.
      await services.recordings.close();
      await services.replays.close();
      services.hub.closeAll();
      services.gateway.close();
      services.invitations.close();
      await services.managedServices.close();
      services.upgrades.close();
      services.systemEntitiesFeed.close();
      await services.auth.close();
      await services.reports.settle();
      await services.events.settle();
    });
  },
  { name: 'services' },
);

export async function buildApp({ config, db, logger, clock = systemClock, loggerInstance, mounts, sandbox }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.LOG_LEVEL } }),
    ...(mounts
      ? { serverFactory: (handler: Parameters<typeof mountingServer>[0], settings: ServerSettings) => mountingServer(handler, mounts, settings) }
      : {}),
    bodyLimit: 1024 * 1024,
    // One line per request only when asked for (debug/trace); errors are always logged.
    logController: new LogController({ disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace' }),
    // request.log is pino's child only once something logs (request-logger.ts).
    childLoggerFactory: lazyChildLoggerFactory,
    // A client's mistake never reaches the catch-all 500 path: ajv is not used, zod validates.
    return503OnClosing: true,
    // A path parameter as long as the document allows reaches the call's own validation (400 with the
    // spec's message beyond its limit) instead of the router's 414 (Fastify's default is 100).
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Requests Node refuses before Fastify sees them (headers over the limit: 431; a malformed request:
    // 400) answer in the product's envelope too.
    clientErrorHandler: answerClientError,
    // Router-level rejections (over-long parameters, bad URL encoding) use the same envelope.
    frameworkErrors: (err, _req, rawReply) => {
      const status = err.statusCode !== undefined && err.statusCode < 500 ? err.statusCode : 400;
      // The reply here is typed for a route that has no schema yet; it is an ordinary reply.
      const reply = rawReply as unknown as FastifyReply;
      void reply.code(status).send({ error: { code: 'VALIDATION_FAILED', message: ERROR_CATALOGUE.VALIDATION_FAILED.message } } satisfies ErrorEnvelope);
    },
  });

  // A CONNECT request is answered as any other method is (405 on a catalogue path), not closed unanswered.
  app.server.on('connect', answerConnect(app.server));

  // 1. Wrappers of third-party plugins.
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(cookiesPlugin);
  // Headers, rate limits and the cross-site check, before anything else runs (plugins/security.ts).
  await app.register(securityPlugin, { config, clock });
  await app.register(websocket, { options: { maxPayload: REALTIME.maxFrameBytes } });
  // Compressed answers and /robots.txt (plugins/serving.ts), before the routes it compresses.
  await app.register(compressionPlugin);
  // The API docs (about 1 s to build) are built on their first request, not when a core starts:
  // @fastify/swagger holds only the document's heading; the UI's route answers the whole document, or
  // with `?area=` one area's, as Swagger UI's definition selector asks (plugins/docs-page.ts).
  const openapi = () => openApiDocument(config.CORE_PREFIX);
  await app.register(swagger, { mode: 'static', specification: { document: openApiHeading(config.CORE_PREFIX) as never } });
  // The docs page at /docs (plugins/docs-page.ts); Swagger UI beside it, to try calls.
  await app.register(swaggerUi, {
    routePrefix: '/docs/swagger',
    // Under a public base (a sandbox's) the page loads its scripts, the initializer with the entries below included, from this core.
    ...(config.PUBLIC_BASE === '' ? {} : { indexPrefix: config.PUBLIC_BASE }),
    // One definition per area and the whole API last: Swagger UI takes `urls` over the `url` the plugin sets,
    // shows the first entry, or the one the page's `?urls.primaryName=` names.
    uiConfig: { urls: swaggerDefinitions(config.PUBLIC_BASE) },
    transformSpecification: (_heading, req) => swaggerDocument(config.CORE_PREFIX, req),
    transformSpecificationClone: false,
  });
  await app.register(docsPageRoutes, { mock: config.MOCK_ENDPOINTS, base: config.PUBLIC_BASE });

  // 2. Our services.
  await app.register(servicesPlugin, { config, db, clock });
  // Prometheus metrics on a listener of their own, when METRICS_PORT is set (plugins/metrics.ts).
  await app.register(metricsPlugin);
  await app.register(authPlugin);

  // The recorder's tap on REST writes (record and replay, mock only), ahead of the routes it watches.
  if (config.MOCK_ENDPOINTS) await app.register(recordingTapPlugin);
  // The request journal (mock only, REQUEST_JOURNAL_SIZE > 0): one onResponse hook, ahead of every route it records.
  if (config.MOCK_ENDPOINTS) await app.register(requestJournalPlugin);
  // Chaos rules on the catalogue's routes and /ws (mock only), ahead of the routes they hook.
  if (config.MOCK_ENDPOINTS) await app.register(chaosPlugin);

  // 3. Routes.
  await app.register(catalogueRoutes, { prefix: config.CORE_PREFIX });
  // What no call takes under the prefix: a known path with a method it does not take 405 with Allow, else 404.
  await app.register(unknownCatalogueRequests, { prefix: config.CORE_PREFIX });
  await app.register(realtimeRoutes(config));
  await app.register(gatewayRoutes(config));
  await app.register(downloadRoutes);
  // The alert recipients' verification link: opened from an e-mail, without a session.
  await app.register(recipientVerificationRoutes, { prefix: config.CORE_PREFIX });
  if (config.MOCK_ENDPOINTS) {
    await app.register(mockAuthRoutes(config));
    await app.register(mockChatRoutes);
    await app.register(mockPreviewRoutes);
    await app.register(mockRecordingRoutes);
    // A panel's scenario run still going is told to stop (its runner ends with the app).
    const runs = runsOf(app);
    await app.register(mockScenarioRunRoutes(runs));
    app.addHook('onClose', async () => runs.close());
    // The same procedures as plain HTTP + JSON under /mock/api, and their OpenAPI document (mock/control-plane-openapi.ts).
    await app.register(controlPlaneHttpRoutes);
    app.get('/docs/mock-openapi.json', async () => controlPlaneOpenApi());
    // tRPC reads its JSON (body and ?input=) as text and parses it itself: bounded first, in its own scope.
    await app.register(async (trpc) => {
      trpc.addHook('preValidation', refuseDeepJsonText);
      await trpc.register(fastifyTRPCPlugin, {
        prefix: '/mock/trpc',
        trpcOptions: {
          router: appRouter,
          createContext: (o: Parameters<typeof createContext>[1]) => createContext(app, o),
          // The client hears "Generic Error" (mock/control-plane.ts); the log keeps what happened.
          onError: ({ error, path }: { error: TRPCError; path: string | undefined }) => {
            if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error.cause ?? error, path }, 'unhandled tRPC error');
          },
        },
      });
    });
  }

  app.get('/docs/openapi.json', async () => openapi());
  app.get('/healthz', async () => {
    await db.$queryRawUnsafe('SELECT 1');
    return { ok: true, shards: app.services.gateway.shardCount(), realtimeClients: app.services.hub.clientCount() };
  });
  // Where the console finds the core: same build, mock or real core, configured at run time.
  // Every path is under the core's public base (a sandbox's `/sandboxes/<id>`).
  const base = config.PUBLIC_BASE;
  app.get('/runtime-config.json', async (_req, reply) => {
    void reply.header('cache-control', 'no-cache');
    return {
      apiBase: `${base}${config.CORE_PREFIX}`,
      wsUrl: `${base}${REALTIME.path}`,
      loginUrl: `${base}${MOCK_AUTH.loginPath}`,
      logoutUrl: `${base}${MOCK_AUTH.logoutPath}`,
      ...(config.MOCK_ENDPOINTS ? { mockBase: `${base}/mock` } : {}),
      ...(sandbox ? { sandbox: sandbox() } : {}),
    };
  });

  const dist = config.CONSOLE_DIST ? resolve(config.CONSOLE_DIST) : '';
  const serveConsole = dist !== '' && existsSync(join(dist, 'index.html'));
  // Under a public base the page names it (`<base href>`): the same build, its files read relative to it
  // (read at each load, as the static page is: a new build is seen at once).
  const page = serveConsole && base !== '' ? () => consolePageAt(readFileSync(join(dist, 'index.html'), 'utf8'), base) : null;
  // A build without its <base href> cannot be served under a base: said when the core is built, not at each load.
  page?.();
  if (serveConsole) {
    await app.register(consoleFilesPlugin, { root: dist, index: page === null });
    if (page !== null) app.get('/', (_req, reply) => sendConsolePage(reply, page()));
  }
  const reserved = [config.CORE_PREFIX, '/mock/', '/docs', REALTIME.path, GATEWAY.wsPath, '/healthz', DOWNLOADS_PATH];
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isApi = reserved.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
    if (serveConsole && req.method === 'GET' && !isApi) {
      // Client-side routes (/list, /map, ...) all load the console.
      return sendConsolePage(reply, page?.() ?? null);
    }
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: ERROR_CATALOGUE.NOT_FOUND.message } } satisfies ErrorEnvelope);
  });

  // The read model first: every service start below reads from it.
  const bus = config.REDIS_URL ? new RedisInvalidationBus(config.REDIS_URL, config.REDIS_PREFIX, app.log) : null;
  if (bus) {
    await bus.start();
    app.addHook('onClose', () => bus.close());
  }
  await app.services.readModel.start(bus);
  await app.services.units.start();
  await app.services.servers.start();
  // Upgrades a previous process left pending or upgrading are taken over (before any request).
  await app.services.upgrades.resumeLeftOpen();
  return app;
}
