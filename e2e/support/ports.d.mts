export type E2EServer = 'shell' | 'sports' | 'casino' | 'payments' | 'admin' | 'api' | 'studio' | 'control' | 'embeddedPg';
export declare const E2E_PORTS: Record<E2EServer, number>;
export declare function e2eOrigin(name: E2EServer): string;
export declare const E2E_HOST: '127.0.0.1';
