/**
 * Whether the backend is stopping — new requests, connections and messages are then refused —
 * and the HTTP requests under way on both origins, which the stop waits for.
 */
export class StopGate {
  stopping = false;
  private readonly requests = new Set<Promise<void>>();

  track(request: Promise<void>): void {
    this.requests.add(request);
    void request.finally(() => this.requests.delete(request));
  }

  underWay(): Array<Promise<void>> {
    return [...this.requests];
  }
}
