export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(): string;
export declare function isDebianLike(): boolean;
