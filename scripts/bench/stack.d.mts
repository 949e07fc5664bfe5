// Types of stack.mjs for the TypeScript benchmarks that start the site with it (api/bench/chat-first-paint.ts).
export interface Stack {
  url: string;
  apiUrl: string;
  stop(): Promise<void>;
}
export function startStack(options: { base?: number; dataDir: string; roots?: Record<string, string>; env?: Record<string, string>; front?: boolean }): Promise<Stack>;
