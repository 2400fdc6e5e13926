/** How the floor reads a request's body and answers: the platform's headers, its JSON and its refusals' envelope. */
import type http from 'node:http';
import { platformPlumbing } from '../../../apps/server/src/bench-api';

/** The platform's API headers, so the answers weigh the same. */
const HEADERS = { ...platformPlumbing.apiHeaders, 'content-type': 'application/json; charset=utf-8' };
export function answer(response: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...HEADERS, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
export const refuse = (response: http.ServerResponse, status: number, code: string) =>
  answer(response, status, { exceptions: { errors: [{ code, description: code }] } });

export const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

export function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}
