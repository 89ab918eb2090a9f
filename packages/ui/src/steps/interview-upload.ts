import { isApiError, type StepsApi } from '@rec/api-client';

/** Bytes per request: small enough to lose little on a drop, big enough not to flood the server. */
export const CHUNK_BYTES = 512 * 1024;

type Uploads = Pick<StepsApi, 'putChunk' | 'attemptStatus'>;

/**
 * Uploads one recorded answer while it is being recorded: MediaRecorder's pieces are queued and
 * sent in order at the server's offset. After a network drop it waits, asks the server how much
 * arrived and resends from there, so a closed tab loses at most the answer being recorded.
 * The whole attempt stays in memory until it is kept, so any offset can be resent.
 */
export class AnswerUploader {
  private readonly parts: Blob[] = [];
  private total = 0;
  private sent = 0;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly api: Uploads,
    private readonly stepId: string,
    private readonly questionId: string,
    private readonly attempt: number,
    private readonly onProgress: (sent: number, total: number) => void = () => {},
    private readonly wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Queues a piece (recorded or a chosen file) and starts sending if idle. */
  add(piece: Blob): void {
    if (this.closed || piece.size === 0) return;
    this.parts.push(piece);
    this.total += piece.size;
    this.onProgress(this.sent, this.total);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Resolves once every queued byte is on the server; no more pieces are taken. */
  async flush(): Promise<void> {
    this.closed = true;
    while (this.running || this.sent < this.total) {
      if (this.running) await this.running;
      else this.running = this.drain().finally(() => (this.running = null));
    }
  }

  private async drain(): Promise<void> {
    let failures = 0;
    while (this.sent < this.total) {
      const body = new Blob(this.parts).slice(this.sent, Math.min(this.sent + CHUNK_BYTES, this.total));
      try {
        const { received } = await this.api.putChunk(this.stepId, this.questionId, this.attempt, this.sent, body);
        this.sent = received;
        failures = 0;
      } catch (error) {
        if (isApiError(error) && error.status !== 0 && error.status !== 409 && error.status < 500) throw error;
        // A drop or a lost answer: wait (longer each time, at most 10 s), then ask where to resume.
        failures += 1;
        await this.wait(Math.min(10_000, 500 * 2 ** Math.min(failures, 5)));
        try {
          this.sent = (await this.api.attemptStatus(this.stepId, this.questionId, this.attempt)).received;
        } catch {
          // Still offline: the next round tries again.
        }
      }
      this.onProgress(this.sent, this.total);
    }
  }
}
