import pg from 'pg';

const RECONNECT_MS = 1000;

/** One LISTEN connection of this process on a PostgreSQL channel, reopened after a loss. */
export type PgListener = {
  /** Opens the connection if it is not open (or being opened). */
  start(): void;
  /** Settles once the current connection listens (or failed to). */
  ready(): Promise<void>;
  /** Whether the connection listens right now: notices sent meanwhile reach this process. */
  listening(): boolean;
  close(): Promise<void>;
};

type Options = {
  /** Every notice's payload on the channel. */
  onPayload: (payload: string) => void;
  /** The connection was lost (notices may have been missed); called before any reconnection. */
  onLost?: () => void;
  /** Whether to reconnect after a loss (default: always). */
  keepAlive?: () => boolean;
};

/**
 * A dedicated client (not one of the pool's: LISTEN belongs to a session) that LISTENs to `channel`,
 * used by the message streams (decision 030) and the shared caches (decision 033) so that every
 * server process behind the load balancer hears what another one wrote.
 */
export function pgListener(connectionString: string, channel: string, options: Options): PgListener {
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let listening: Promise<void> = Promise.resolve();

  const start = () => {
    if (closed || client) return;
    const next = new pg.Client({ connectionString });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = null;
      live = false;
      void next.end().catch(() => {});
      options.onLost?.();
      if (!closed && (options.keepAlive?.() ?? true)) retry = setTimeout(start, RECONNECT_MS);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (notice) => {
      if (notice.channel === channel && notice.payload) options.onPayload(notice.payload);
    });
    listening = next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (client === next) live = true;
      })
      .catch(lost);
  };

  return {
    start,
    ready: () => listening,
    listening: () => live,
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
