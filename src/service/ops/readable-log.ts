/**
 * `npm start`'s log: one short line per request and per message, instead of pino's two JSON lines
 * per request, so the banner's credentials stay readable. Production (`NODE_ENV=production`) keeps
 * JSON. It formats what pino already wrote, so redaction has already happened.
 */
import type { DestinationStream } from 'pino';

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
}

/**
 * @example
 * readableLogStream().write('{"level":30,"time":0,"reqId":"req_1","res":{"statusCode":201},"responseTime":3.2,"msg":"request completed"}')
 * // prints "00:00:00 POST /api/v1/tokens 201 3 ms req_1" (the method and path come from its "incoming request" line)
 */
export function readableLogStream(
  print: (line: string) => void = (line) => process.stdout.write(line),
): DestinationStream {
  const pending = new Map<string, string>();
  return {
    write(chunk: string): void {
      let line: LogLine;
      try {
        line = JSON.parse(chunk) as LogLine;
      } catch {
        return print(chunk);
      }
      const time = new Date(line.time ?? Date.now()).toISOString().slice(11, 19);
      if (line.msg === 'incoming request' && line.reqId) {
        pending.set(line.reqId, `${line.req?.method ?? ''} ${line.req?.url ?? ''}`);
        return;
      }
      if (line.msg === 'request completed' && line.reqId) {
        const request = pending.get(line.reqId) ?? '';
        pending.delete(line.reqId);
        return print(
          `${time} ${request} ${line.res?.statusCode ?? ''} ${Math.round(line.responseTime ?? 0)} ms ${line.reqId}\n`,
        );
      }
      const level = LEVELS[line.level ?? 30] ?? 'info';
      const detail = line.err?.message ? ` (${line.err.message})` : '';
      print(`${time} ${level} ${line.msg ?? ''}${detail}${line.reqId ? ` ${line.reqId}` : ''}\n`);
    },
  };
}
