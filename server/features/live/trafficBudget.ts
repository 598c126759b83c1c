/**
 * What a key (an account, a trip) may send: messages and bytes a second on average, refilled
 * continuously, and at most `…Burst` of each at once.
 */
export type Allowance = {
  messagesPerSecond: number;
  messagesBurst: number;
  bytesPerSecond: number;
  bytesBurst: number;
};

type Bucket = { messages: number; bytes: number; at: number };

// Buckets left full this long are forgotten: a key sending nothing holds no memory.
const SWEEP_EVERY_MS = 10_000;

/**
 * Token buckets of messages and bytes, one per key, in this process's memory. A message is
 * taken whole or not at all: what is refused takes nothing from the bucket, so a flooder
 * refused at the door does not keep its key empty any longer than its sending does, and its
 * key's other messages pass again as soon as there is room.
 */
export function createTrafficBudget(allowance: Allowance, now: () => number = Date.now) {
  const maxMessages = allowance.messagesBurst;
  const maxBytes = allowance.bytesBurst;
  const buckets = new Map<string, Bucket>();
  let sweptAt = now();

  function refill(bucket: Bucket, at: number) {
    const seconds = Math.max(0, at - bucket.at) / 1000;
    bucket.messages = Math.min(
      maxMessages,
      bucket.messages + seconds * allowance.messagesPerSecond,
    );
    bucket.bytes = Math.min(maxBytes, bucket.bytes + seconds * allowance.bytesPerSecond);
    bucket.at = at;
  }

  function sweep(at: number) {
    sweptAt = at;
    for (const [key, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.messages === maxMessages && bucket.bytes === maxBytes) buckets.delete(key);
    }
  }

  return {
    /** Takes `messages` (a message may count as several) and `bytes` from the key's buckets. */
    take(key: string, messages: number, bytes: number): boolean {
      const at = now();
      if (at - sweptAt >= SWEEP_EVERY_MS) sweep(at);
      let bucket = buckets.get(key);
      if (bucket) refill(bucket, at);
      else {
        bucket = { messages: maxMessages, bytes: maxBytes, at };
        buckets.set(key, bucket);
      }
      if (bucket.messages < messages || bucket.bytes < bytes) return false;
      bucket.messages -= messages;
      bucket.bytes -= bytes;
      return true;
    },
    /** Puts back what `take` took, when another budget refused the same message. */
    giveBack(key: string, messages: number, bytes: number) {
      const bucket = buckets.get(key);
      if (!bucket) return;
      bucket.messages = Math.min(maxMessages, bucket.messages + messages);
      bucket.bytes = Math.min(maxBytes, bucket.bytes + bytes);
    },
    /** Keys with a bucket not yet full (for tests). */
    get size() {
      return buckets.size;
    },
  };
}

export type TrafficBudget = ReturnType<typeof createTrafficBudget>;
