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
