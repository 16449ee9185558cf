import { type Request, type Response, Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { parseInput } from '../http/validate.js';
import { personalData } from './personal-data.js';
import { tooManyRequests } from '../domain/errors.js';
import { waitMinutes } from '../auth/reserve-all.js';
import { eraseCustomer } from './erasure.js';
import { consentsOf } from './consents.js';
import type { ConsentRecord, ErasedRecord } from '@digitic/rest-contract';
import { shopper } from '../audit/actor.js';
import { recordAudit } from '../audit/record.js';
import { EraseInput, ForgotInput, LoginInput, ProfileInput, RegisterInput, ResetInput } from './schemas.js';

/** The signed-in (or signing-in) shopper as the audit trail names them, with the request's address and id. */
const shopperOf = (id: string, req: Request, res: Response) =>
  shopper(id, { address: req.ip ?? null, requestId: (res.locals.requestId as string | undefined) ?? null });

export function usersRoutes(deps: AppDeps): Router {
  const { users } = deps;
  const router = Router();

  router.post('/user/register', async (req, res) => {
    res.status(201).json(await users.register(parseInput(RegisterInput, req.body)));
  });
  router.post('/user/login', async (req, res) => {
    const { email, password } = parseInput(LoginInput, req.body);
    const session = await users.login(email, password);
    // The shopper's sign-in history (their data download's activity): when, and from which address.
    await recordAudit(deps.db, shopperOf(session._id, req, res), {
      action: 'customer.signed_in',
      subject: { kind: 'customer', id: session._id },
    });
    res.json(session);
  });
  // Added to the contract: the signed-in customer, for the gateway's `me`.
  router.get('/user/me', deps.auth, async (_req, res) => {
    res.json(await users.me(currentCustomer(res).id));
  });
  router.put('/user/edit-user', deps.auth, async (req, res) => {
    res.json(await users.updateProfile(currentCustomer(res).id, parseInput(ProfileInput, req.body)));
  });
  // Added to the contract: everything the shop holds about the signed-in shopper, as a JSON file (DPDP Act, s. 11).
  router.get('/user/data-export', deps.auth, async (req, res) => {
    const id = currentCustomer(res).id;
    // A file of everything is a heavy read: ten an hour is far more than a person needs.
    const reserved = await deps.attempts.reserve(`data-export:${id}`, { limit: 10, windowMs: 60 * 60_000 });
    if (!reserved.allowed)
      throw tooManyRequests(`You have downloaded your data several times this hour. Please try again in ${waitMinutes(reserved.retryMs)}.`);
    const data = await personalData(deps.db, id, shopperOf(id, req, res));
    res
      .set('Content-Disposition', `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`)
      .set('Cache-Control', 'no-store')
      .json(data);
  });
  // Added to the contract: the shopper's consent record (DPDP Act, s. 6).
  router.get('/user/consents', deps.auth, async (_req, res) => {
    const rows = await consentsOf(deps.db, currentCustomer(res).id);
    res.json(
      rows.map((c) => ({
        purpose: c.purpose,
        noticeVersion: c.notice_version,
        givenAt: c.given_at.toISOString(),
        withdrawnAt: c.withdrawn_at?.toISOString() ?? null,
      })) satisfies ConsentRecord[],
    );
  });
  // Added to the contract: the signed-in shopper erases their account, giving their password again (DPDP Act, s. 12).
  router.post('/user/account/erase', deps.auth, async (req, res) => {
    const id = currentCustomer(res).id;
    const { password } = parseInput(EraseInput, req.body);
    await eraseCustomer(deps, id, password, shopperOf(id, req, res));
    res.json({ erased: true } satisfies ErasedRecord);
  });
  router.post('/user/forgot-password-token', async (req, res) => {
    res.json(await users.requestPasswordReset(parseInput(ForgotInput, req.body).email));
  });
  router.put('/user/reset-password/:token', async (req, res) => {
    const { password } = parseInput(ResetInput, req.body);
    res.json(await users.resetPassword(String(req.params.token), password));
  });
  // Added to the contract: the link mailed to the address an e-mail change left. A PUT, so that a mail
  // scanner fetching the link changes nothing.
  router.put('/user/undo-email-change/:token', async (req, res) => {
    res.json(await users.undoEmailChange(String(req.params.token)));
  });
  return router;
}
