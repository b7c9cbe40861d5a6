import { spawn } from 'node:child_process';
import { bin } from './run';

// Vite serves the app with hot reload on 5173 and proxies the API to the server on 3000,
// which restarts on changes (tsx watch).
const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '3000' } }),
  spawn(bin('vite'), [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
