export declare const CHROMIUM_FLAGS: string[];
export declare function ensureChromium(): string;
export declare function installDebianPackage(name: string, what: string): boolean;
