import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { currentCustomer } from '../auth/middleware.js';
import { parseInput } from '../http/validate.js';
import { ForgotInput, LoginInput, ProfileInput, RegisterInput, ResetInput } from './schemas.js';

export function usersRoutes(deps: AppDeps): Router {
  const { users } = deps;
  const router = Router();

  router.post('/user/register', async (req, res) => {
    res.status(201).json(await users.register(parseInput(RegisterInput, req.body)));
  });
  router.post('/user/login', async (req, res) => {
    const { email, password } = parseInput(LoginInput, req.body);
    res.json(await users.login(email, password));
  });
  // Added to the contract: the signed-in customer, for the gateway's `me`.
  router.get('/user/me', deps.auth, async (_req, res) => {
    res.json(await users.me(currentCustomer(res).id));
  });
  router.put('/user/edit-user', deps.auth, async (req, res) => {
    res.json(await users.updateProfile(currentCustomer(res).id, parseInput(ProfileInput, req.body)));
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
