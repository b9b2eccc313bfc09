/** The logger the core's parts write to (Fastify's pino logger, or a test's). */
export interface ServiceLogger {
  error(o: unknown, m?: string): void;
  warn(o: unknown, m?: string): void;
  info(o: unknown, m?: string): void;
}
