/** cluster-key-slot (the slot function ioredis uses) ships without types: the key's Redis Cluster slot, 0–16383. */
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string | Buffer): number;
}
