import cliProgress from "cli-progress";

/** What an upload tells whoever watches it: files starting, bytes leaving (or taken back on a retry), files ending. */
export interface ProgressView {
  /** A line for the lab (a roll made, a retry, a skipped file); printed above the bars on a terminal. */
  info(message: string): void;
  /** The batch's size: all bytes to send now, and those the server held already (resumed parts). */
  begin(totalBytes: number): void;
  fileStarted(id: string, label: string, size: number, alreadySent: number): void;
  fileBytes(id: string, delta: number): void;
  fileEnded(id: string, outcome: string): void;
  stop(): void;
}

export const formatBytes = (bytes: number) =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(2)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : bytes >= 1e3
        ? `${(bytes / 1e3).toFixed(1)} kB`
        : `${Math.round(bytes)} B`;

export const formatSeconds = (s: number) => {
  if (!Number.isFinite(s) || s < 0) return "--";
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m${String(Math.round(s % 60)).padStart(2, "0")}s` : `${Math.round(s)}s`;
};

/** Bytes per second over the last few seconds: the rate a lab sees is today's line, not the run's average. */
function rateMeter(windowMs = 5000) {
  const samples: { at: number; bytes: number }[] = [];
  return {
    add(bytes: number, at = Date.now()) {
      samples.push({ at, bytes });
      while (samples.length > 2 && samples[0]!.at < at - windowMs) samples.shift();
    },
    perSecond(at = Date.now()) {
      const first = samples[0];
      if (!first) return 0;
      const total = samples.reduce((sum, s) => sum + s.bytes, 0) - first.bytes;
      const span = (at - first.at) / 1000;
      return span > 0.2 ? Math.max(0, total / span) : 0;
    },
  };
}

const shorten = (label: string, width: number) => (label.length <= width ? label.padEnd(width) : `…${label.slice(-(width - 1))}`);

/** On a terminal: one bar per file being sent and a total bar with rate and ETA, redrawn in place (cli-progress). */
export function terminalView(stream: NodeJS.WriteStream = process.stderr): ProgressView {
  const multibar = new cliProgress.MultiBar(
    {
      stream,
      hideCursor: true,
      clearOnComplete: false,
      autopadding: true,
      barsize: 24,
      fps: 8,
      format: (options, params, payload: { label: string; line?: string }) => {
        const bar = cliProgress.Format.BarFormat(params.progress, options);
        return `${shorten(payload.label, 28)} ${bar} ${String(Math.floor(params.progress * 100)).padStart(3)}%${payload.line ? ` ${payload.line}` : ""}`;
      },
    },
    cliProgress.Presets.shades_classic,
  );
  const bars = new Map<string, { bar: cliProgress.SingleBar; done: number; size: number }>();
  const meter = rateMeter();
  let total = 0;
  let sent = 0;
  let totalBar: cliProgress.SingleBar | null = null;

  const totalLine = () => {
    const rate = meter.perSecond();
    return `${formatBytes(sent)} of ${formatBytes(total)}  ${formatBytes(rate)}/s  ETA ${formatSeconds(rate > 0 ? (total - sent) / rate : Number.NaN)}`;
  };
  const ticker = setInterval(() => totalBar?.update(sent, { label: "total", line: totalLine() }), 500);
  ticker.unref();

  return {
    info: (message) => multibar.log(`${message}\n`),
    begin(totalBytes) {
      total += totalBytes;
      if (!totalBar) totalBar = multibar.create(Math.max(1, total), 0, { label: "total", line: totalLine() });
      else totalBar.setTotal(Math.max(1, total));
    },
    fileStarted(id, label, size, alreadySent) {
      const bar = multibar.create(Math.max(1, size), alreadySent, { label });
      bars.set(id, { bar, done: alreadySent, size });
      sent += alreadySent;
    },
    fileBytes(id, delta) {
      const entry = bars.get(id);
      if (!entry) return;
      entry.done += delta;
      sent += delta;
      if (delta > 0) meter.add(delta);
      entry.bar.update(entry.done);
      totalBar?.update(sent, { label: "total", line: totalLine() });
    },
    fileEnded(id, outcome) {
      const entry = bars.get(id);
      if (!entry) return;
      bars.delete(id);
      multibar.remove(entry.bar);
      multibar.log(`${outcome}\n`);
    },
    stop() {
      clearInterval(ticker);
      totalBar?.update(sent, { label: "total", line: totalLine() });
      multibar.stop();
    },
  };
}

/** Not a terminal (a log file, a service's journal): one plain line per event, and the total now and then. */
export function plainView(write: (line: string) => void = (line) => process.stderr.write(`${line}\n`), everyMs = 10_000): ProgressView {
  const meter = rateMeter(everyMs);
  let total = 0;
  let sent = 0;
  const ticker = setInterval(() => {
    if (sent < total) write(`total: ${formatBytes(sent)} of ${formatBytes(total)}, ${formatBytes(meter.perSecond())}/s`);
  }, everyMs);
  ticker.unref();
  return {
    info: write,
    begin(totalBytes) {
      total += totalBytes;
    },
    fileStarted(_id, label, size, alreadySent) {
      sent += alreadySent;
      write(
        `${label}: sending ${formatBytes(size - alreadySent)}${alreadySent > 0 ? ` (resumed: ${formatBytes(alreadySent)} were there)` : ""}`,
      );
    },
    fileBytes(_id, delta) {
      sent += delta;
      if (delta > 0) meter.add(delta);
    },
    fileEnded: (_id, outcome) => write(outcome),
    stop: () => clearInterval(ticker),
  };
}
