export declare function exportTargets(exports: unknown): string[];
export declare function reachableFiles(dir: string, exports: unknown): Set<string>;
