export interface WebKitDriver {
  hostname: string;
  port: number;
  capabilities: Record<string, unknown>;
  stop(): Promise<void>;
}
export declare function startWebKit(): Promise<WebKitDriver>;
