import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_ATTEMPT_WINDOW_MINUTES,
  CLAIM_ADDRESS_ATTEMPTS_MAX,
  CLAIM_ATTEMPTS_MAX,
  addWalletTicketSchema,
  companionRequestSchema,
  createTransferSchema,
  ticketCodeField,
  transferSchema,
  validationMessages,
  walletCredentialSchema,
  credentialOfferSchema,
  walletDeviceKeySchema,
  walletLookupSchema,
  walletTicketSchema,
} from '@tickets/domain';
import type { Db } from '../../db/client';
import { createCredentialOffer } from '../../eu-wallet';
import { currentActor, currentUser } from '../../shared/guards';
import { routeOptions } from '../../shared/route-options';
import { toAppError } from '../../shared/http-errors';
import { addWalletTicket } from './claims.service';
import { answerCompanionRequest, listCompanionRequests } from './companion-requests.service';
import { registerDeviceKey } from './device-keys.service';
import { listLookups, listWalletTickets } from './tickets.service';
import { answerTransfer, createTransfer, listTransfers } from './transfers.service';

/** The Gov.gr Wallet's API: what the wallet app calls for the logged-in holder. */
export async function walletRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const userRoute = routeOptions('user', ['wallet']);
  // The path calls the declaration's id `requestId`, as the wallet app does (a wire name).
  const params = z.object({
    requestId: z.uuid({ error: validationMessages.declarationId }),
    answer: z.enum(['accept', 'reject']),
  });
  /** A GET of one of the holder's lists: the logged-in person's own, read by their ΑΦΜ. */
  const getHoldersList = <Item extends z.ZodType>(
    url: string,
    summary: string,
    item: Item,
    list: (db: Db, afm: string) => Promise<z.output<Item>[]>,
  ) =>
    app.get(url, userRoute({ summary, response: { 200: z.array(item) } }), async (request) =>
      list(db, currentUser(request).afm),
    );

  getHoldersList(
    '/api/wallet/companion-requests',
    'Requests naming the logged-in person as companion of a minor, awaiting an answer',
    companionRequestSchema,
    listCompanionRequests,
  );

  app.post(
    '/api/wallet/companion-requests/:requestId/:answer',
    userRoute({
      operationId: 'answerCompanionRequest',
      summary: 'Accept or reject a companion request (answer: accept | reject)',
      params,
      response: { 200: companionRequestSchema },
    }),
    async (request) =>
      answerCompanionRequest(db, currentActor(request), request.params.requestId, request.params.answer),
  );

  getHoldersList(
    '/api/wallet/tickets',
    "The holder's tickets to upcoming events",
    walletTicketSchema,
    listWalletTickets,
  );

  app.post(
    '/api/wallet/tickets',
    {
      ...userRoute({
        operationId: 'addWalletTicket',
        summary:
          'Add a bought ticket with the two codes of its purchase confirmation (its QR, GRTICKET1:<publicCode>:<claimCode>), for the logged-in person or, with dependentAmka, one of their minors',
        description:
          'The claim code is accepted as printed (groups of four, any case, I/L read as 1 and O as 0). An unknown ticket and a wrong claim code answer alike ' +
          `(CLAIM_NOT_FOUND); past ${CLAIM_ATTEMPTS_MAX} wrong claims in ${CLAIM_ATTEMPT_WINDOW_MINUTES} minutes by the person, or ${CLAIM_ADDRESS_ATTEMPTS_MAX} from the address, ` +
          'a wrong one is CLAIM_ATTEMPTS_EXCEEDED (429, with Retry-After). The right claim code is never refused by these limits, and none is kept per ticket. ' +
          'Answers 201 with the ticket as GET /api/wallet/tickets lists it; the same person adding it again, 200 with the same.',
        body: addWalletTicketSchema,
        response: { 200: walletTicketSchema, 201: walletTicketSchema },
      }),
      // Each refusal counted by its code (shared/metrics.ts): never the codes the person typed.
      onError: (_request, _reply, error, done) => {
        app.metrics.claimRefusals.inc({ reason: toAppError(error).code });
        done();
      },
    },
    async (request, reply) => {
      const added = await addWalletTicket(
        db,
        { ...currentActor(request), address: request.ip },
        request.body,
        app.config.claimCodeKey,
      );
      return reply.code(added.created ? 201 : 200).send(added.ticket);
    },
  );

  getHoldersList(
    '/api/wallet/lookups',
    "When a ticket office looked up or bound the person's tickets, and which club (never the officer)",
    walletLookupSchema,
    (db, afm) => listLookups(db, afm, app.config.auditDigestKey),
  );

  getHoldersList(
    '/api/wallet/transfers',
    'Transfers from or to the logged-in person',
    transferSchema,
    listTransfers,
  );

  app.post(
    '/api/wallet/tickets/:publicCode/device-key',
    userRoute({
      operationId: 'registerDeviceKey',
      summary:
        "Register this phone's Ed25519 key for a ticket the person carries; answers the credential its gate codes are made with (the phone before it is revoked)",
      params: z.object({ publicCode: ticketCodeField }),
      body: walletDeviceKeySchema,
      response: { 200: walletCredentialSchema },
    }),
    async (request) =>
      registerDeviceKey(
        db,
        currentActor(request),
        request.params.publicCode,
        request.body.publicKey,
        app.config.gateKeys.signer,
      ),
  );

  app.post(
    '/api/wallet/tickets/:publicCode/credential-offer',
    userRoute(
      {
        operationId: 'createCredentialOffer',
        summary:
          'Offer a ticket the person carries (their own, a minor’s in their care, a fixture lent to them) to their EU wallet as an SD-JWT VC: an openid-credential-offer:// link (show it as a QR) and the transaction code to show apart',
        params: z.object({ publicCode: ticketCodeField }),
        response: { 200: credentialOfferSchema },
      },
      { rateLimit: { max: 20, timeWindow: '1 minute' } },
    ),
    async (request) =>
      createCredentialOffer(db, currentActor(request), request.params.publicCode, app.publicUrl(), {
        walletTickets: listWalletTickets,
      }),
  );

  app.post(
    '/api/wallet/tickets/:publicCode/transfers',
    userRoute(
      {
        operationId: 'lendFixture',
        summary: 'Lend a season ticket to another person for one fixture',
        params: z.object({ publicCode: ticketCodeField }),
        body: createTransferSchema,
        response: { 200: transferSchema },
      },
      { namesAPerson: true },
    ),
    async (request) => createTransfer(db, currentActor(request), request.params.publicCode, request.body),
  );

  app.post(
    '/api/wallet/transfers/:transferId/:answer',
    userRoute(
      {
        operationId: 'answerTransfer',
        summary: 'The recipient accepts or rejects; the holder revokes a pending transfer',
        params: z.object({
          transferId: z.uuid({ error: validationMessages.transferId }),
          answer: z.enum(['accept', 'reject', 'revoke']),
        }),
        response: { 200: transferSchema },
      },
      { namesAPerson: true },
    ),
    async (request) =>
      answerTransfer(db, currentActor(request), request.params.transferId, request.params.answer),
  );
}
