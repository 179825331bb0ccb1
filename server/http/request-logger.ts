import type { FastifyBaseLogger } from 'fastify'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/**
 * A request's logger (`request.log`), made into pino's child logger on its first line only. Fastify makes one child
 * per request to bind its `reqId`; with our redaction (server/logging.ts) that costs about a microsecond, a good
 * part of what a health probe or a 304 costs, and those write no line at all at info (server/http/access-log.ts).
 * A line at a level the logger does not write makes no child either.
 */
export class RequestLogger {
  private made: FastifyBaseLogger | undefined

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options)
    return this.made
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level
  }

  set level(level: string) {
    this.logger().level = level
  }

  private writes(level: Level): boolean {
    if (this.made) return true
    const own = this.options.level ?? this.parent.level
    return LEVEL_VALUES[level]! >= (LEVEL_VALUES[own] ?? (own === 'silent' ? Infinity : 0))
  }

  private line(level: Level, args: unknown[]): void {
    if (!this.writes(level)) return
    const logger = this.logger()
    Reflect.apply(logger[level], logger, args)
  }

  fatal(...args: unknown[]): void {
    this.line('fatal', args)
  }
  error(...args: unknown[]): void {
    this.line('error', args)
  }
  warn(...args: unknown[]): void {
    this.line('warn', args)
  }
  info(...args: unknown[]): void {
    this.line('info', args)
  }
  debug(...args: unknown[]): void {
    this.line('debug', args)
  }
  trace(...args: unknown[]): void {
    this.line('trace', args)
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options)
  }
}

/** pino's numeric levels. */
const LEVEL_VALUES: Record<string, number> = { fatal: 60, error: 50, warn: 40, info: 30, debug: 20, trace: 10 }

/** Fastify's `childLoggerFactory`: a RequestLogger in place of pino's child. */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options)
}
