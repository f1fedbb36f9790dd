import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** The process's logger, at the configured level; it reports the configuration's warnings first. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL' | 'warnings'>): Logger {
  const logger = pino({ level: config.LOG_LEVEL });
  for (const warning of config.warnings) logger.warn(warning);
  return logger;
}
