import { DEMO_PROVIDER_KEYS } from '../../src/demo/events';

/** A PUT to the providers' API (`events` or `tickets`) with ae-olympiada's demo key. */
export const putAsProvider = (baseUrl: string, route: string, body: unknown) =>
  fetch(`${baseUrl}/api/providers/${route}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${DEMO_PROVIDER_KEYS['ae-olympiada']}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
