import { spawn, type ChildProcess } from 'node:child_process';

/** Starts a bench server in its own process (so the load generator does not share its core) and reads its JSON line. */
export async function spawnServer<T>(
  file: string,
  env: Record<string, string | undefined> = {},
): Promise<T & { stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', new URL(file, import.meta.url).pathname], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const info = await new Promise<T>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('{'));
      if (line) resolve(JSON.parse(line) as T);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
