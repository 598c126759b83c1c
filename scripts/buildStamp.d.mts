/** Records that the build in `root`/dist is made from the sources as they are now. */
export declare function stampBuild(root?: string): void;
/** Whether `root`/dist is missing, or older than a source file. */
export declare function buildIsStale(root?: string): boolean;
