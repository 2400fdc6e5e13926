import { errorCatalogue } from '@tickets/domain';

/** A server's JSON answer, at the fetch edge. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The server's refusal with `code`: the error envelope and status of the domain's catalogue. */
export const refusal = (code: keyof typeof errorCatalogue) =>
  json(
    { exceptions: { errors: [{ code, description: errorCatalogue[code].description }] } },
    errorCatalogue[code].status,
  );
