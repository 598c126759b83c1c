/** See featureReach.mjs. */
export declare const FEATURES: Record<string, { own: string[]; words: string[] }>;
export declare function reachOf(name: string, files?: string[]): string[];
