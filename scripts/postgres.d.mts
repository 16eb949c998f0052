export declare function ensurePostgres(): string;
