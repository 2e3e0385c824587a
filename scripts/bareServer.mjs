// bench:serve's floor for Node itself: a bare node:http server answering each path with the bytes
// given (the build's brotli copies), read once into memory, and nothing else: no framework, no
// security headers, no logging. BARE_FILES is a JSON object of path -> [file, Content-Type].
import fs from 'node:fs';
import http from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(process.env.BARE_FILES ?? '{}')).map(([path, [file, type]]) => {
    const body = fs.readFileSync(file);
    return [
      path,
      { body, headers: ['Content-Type', type, 'Content-Encoding', 'br', 'Content-Length', String(body.length)] },
    ];
  }),
);

http
  .createServer((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers).end(answer.body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
