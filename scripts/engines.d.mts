export declare const ENGINES: string[];
export declare const FIREFOX_CLOSED_NETWORK_PREFS: Record<string, boolean>;
export declare function ensureFirefox(): string;
export declare function ensureWebKit(): { driver: string; browser: string; xvfb: string };
export declare function ensureEngine(engine: string): void;
export declare function parseEngines(args: string[], fallback?: string[]): { engines: string[]; rest: string[] };
