// A shopper's account: signing up and in, and their own details.

export interface CustomerRecord {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string | null;
}

export interface SessionRecord extends CustomerRecord {
  token: string;
}

export interface RegisterBody {
  firstname: string;
  lastname?: string | null;
  email: string;
  mobile?: string | null;
  password: string;
  /** The privacy notice version the sign-up page showed (an addition: the consent is to that one). */
  noticeVersion?: number;
}

/** GET /api/user/consents: what the shopper agreed to, under which notice version, when; and when withdrawn. */
export interface ConsentRecord {
  purpose: 'account';
  noticeVersion: number;
  givenAt: string;
  withdrawnAt: string | null;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface ProfileBody {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  /** Needed when the e-mail changes. */
  currentPassword?: string | null;
}

/** POST /api/user/account/erase: the account is erased. */
export interface ErasedRecord {
  erased: true;
}
