// The ceiling: node:http answering each path with bytes held in memory (the app's body and header
// lines), in its own process as the app runs in its own. Started by bench/run.ts with a JSON file
// of {path: {file, headers}}.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import process from 'node:process';

const [, , mapFile, port] = process.argv;
const answers = new Map(
  Object.entries(JSON.parse(readFileSync(mapFile, 'utf8'))).map(([path, a]) => [path, { body: readFileSync(a.file), headers: a.headers }]),
);
createServer((req, res) => {
  const a = answers.get(req.url);
  if (!a) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, a.headers);
  res.end(a.body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
