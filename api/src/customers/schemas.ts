import { phoneDigits } from '@digitic/shop-rules';
import type { LoginBody, ProfileBody, RegisterBody } from '@digitic/rest-contract';
import type { Accepts } from '../http/validate.js';
import { z } from 'zod';

const email = z
  .string({ error: 'Email is Required' })
  .trim()
  .min(1, 'Email is Required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email Should be valid'))
  .transform((v) => v.toLowerCase());

export const password = z
  .string({ error: 'Password is Required' })
  .min(1, 'Password is Required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

const mobile = z
  .union([z.string(), z.number()], { error: 'Mobile No is Required' })
  // As people write it ("98250 12345", "+91 98250 12345"): its ten digits are kept (shop-rules' phoneDigits).
  .transform((v) => phoneDigits(String(v)))
  .refine((v) => v.length > 0, 'Mobile No is Required')
  .refine((v) => /^[0-9]{1,15}$/.test(v) && /[1-9]/.test(v), 'Mobile No must be a positive whole number of up to 15 digits');

const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, 'Name is too long');

export const RegisterInput = z
  .object({
    firstname: name('First Name is Required').optional(),
    fullname: name('First Name is Required').optional(),
    lastname: z.string().trim().max(100, 'Last name is too long').nullish(),
    email,
    mobile: mobile.nullish(),
    password,
    // An addition: the version of the privacy notice the sign-up page showed (its consent is to that one).
    noticeVersion: z.number({ error: 'noticeVersion is the privacy notice version shown' }).int().min(0).max(1_000_000).optional(),
  })
  .transform((v, ctx) => {
    // The spec's signup form sends one "fullname"; the contract names firstname/lastname.
    let firstname = v.firstname;
    let lastname = v.lastname ?? '';
    if (!firstname && v.fullname) {
      const [first, ...rest] = v.fullname.split(/\s+/);
      firstname = first;
      if (!v.lastname) lastname = rest.join(' ');
    }
    if (!firstname) {
      ctx.addIssue({ code: 'custom', message: 'First Name is Required', path: ['firstname'] });
      return z.NEVER;
    }
    return { firstname, lastname, email: v.email, mobile: v.mobile ?? null, password: v.password, noticeVersion: v.noticeVersion };
  });

export const LoginInput = z.object({
  email,
  password: z.string({ error: 'Password is Required' }).min(1, 'Password is Required').max(128, 'Password is too long'),
});

export const ProfileInput = z.object({
  firstname: name('First Name is Required'),
  lastname: name('Last Name is Required'),
  email,
  mobile,
  // Needed only when the e-mail changes (the service decides); null, as GraphQL may send it, is as absent.
  currentPassword: z
    .string()
    .max(128, 'Password is too long')
    .nullish()
    .transform((v) => v ?? undefined),
});

export const ForgotInput = z.object({ email });
export const ResetInput = z.object({ password });

// The contract's bodies are what these take.
export type ContractBodies = [
  Accepts<typeof RegisterInput, RegisterBody>,
  Accepts<typeof LoginInput, LoginBody>,
  Accepts<typeof ProfileInput, ProfileBody>,
];

/** "Delete my account": the password given again. */
export const EraseInput = z.object(
  {
    password: z.string({ error: 'Give your password to delete your account' }).min(1, 'Give your password to delete your account').max(200),
  },
  { error: 'The body is an object with your password' },
);
