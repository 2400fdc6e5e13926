// The machine's ceiling: a bare node:http server answering a fixed small JSON.
import http from 'node:http';

const body = JSON.stringify({
  firstname: 'ΜΑΡΙΑ',
  lastname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  taxid: '100000003',
  TICKET_ROLE: 'OFFICER',
});
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
