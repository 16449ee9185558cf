import { MockedProvider } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { UndoEmailChangeDocument } from './__generated__/undo-email-change';
import { UpdateProfileDocument } from './__generated__/update-profile';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignupPage } from './signup-page';
import { UndoEmailChangePage } from './undo-email-change-page';
import { ProfilePage } from './profile-page';

const inShop = (ui: React.ReactNode) =>
  render(
    <MockedProvider>
      <MemoryRouter>{ui}</MemoryRouter>
    </MockedProvider>,
  );

const submit = (name: string) => userEvent.click(screen.getByRole('button', { name }));

describe('form validation messages (spec §5)', () => {
  it('login', async () => {
    inShop(<LoginPage />);
    await submit('Login');
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByText('Password is Required')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Email'), 'asha');
    await submit('Login');
    expect(await screen.findByText('Email Should be valid')).toBeInTheDocument();
  });

  it('signup', async () => {
    inShop(<SignupPage />);
    await submit('Sign Up');
    for (const m of ['First Name is Required', 'Email is Required', 'Password is Required'])
      expect(await screen.findByText(m)).toBeInTheDocument();
  });

  it('forgot and reset password', async () => {
    inShop(<ForgotPasswordPage />);
    await submit('Submit');
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/login');
  });

  it('reset password', async () => {
    inShop(<ResetPasswordPage />);
    await submit('Ok');
    expect(await screen.findByText('Password is Required')).toBeInTheDocument();
  });

  it('profile: read-only until the edit icon, Save only in edit mode', async () => {
    localStorage.setItem(
      'customer',
      JSON.stringify({ _id: 'c1', token: 't', firstname: 'Asha', lastname: 'Patel', email: 'asha@example.com', mobile: '98' }),
    );
    inShop(<ProfilePage />);
    expect(screen.getByRole('heading', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('First Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    expect(screen.getByPlaceholderText('First Name')).toBeEnabled();
    await userEvent.clear(screen.getByPlaceholderText('First Name'));
    await userEvent.clear(screen.getByPlaceholderText('Last Name'));
    await userEvent.clear(screen.getByPlaceholderText('Email'));
    await userEvent.clear(screen.getByPlaceholderText('Mobile No'));
    await submit('Save');
    for (const m of ['First Name is Required', 'Last Name is Required', 'Email is Required', 'Mobile No is Required'])
      expect(await screen.findByText(m)).toBeInTheDocument();
  });

  // A new e-mail was sent with no proof that the customer knew the password.
  it('profile: asks the current password only for a new e-mail, and shows the server refusing it under the field', async () => {
    localStorage.setItem(
      'customer',
      JSON.stringify({ _id: 'c1', token: 't', firstname: 'Asha', lastname: 'Patel', email: 'asha@example.com', mobile: '98' }),
    );
    const input = { firstname: 'Asha', lastname: 'Patel', email: 'new@example.com', mobile: '98', currentPassword: 'a wrong one' };
    const refused = new GraphQLError('The current password is not correct', {
      extensions: { code: 'BAD_USER_INPUT', field: 'currentPassword' },
    });
    render(
      <MockedProvider mocks={[{ request: { query: UpdateProfileDocument, variables: { input } }, result: { errors: [refused] } }]}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </MockedProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const email = screen.getByPlaceholderText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, ' ASHA@Example.com ');
    expect(screen.queryByPlaceholderText('Current password')).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await submit('Save');
    expect(await screen.findByText('Enter your current password to change your e-mail')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Current password'), 'a wrong one');
    await submit('Save');
    expect(await screen.findByText('The current password is not correct')).toBeInTheDocument();
  });

  it('undo e-mail change: signs this browser out, undoes on the button only, and shows the answer', async () => {
    localStorage.setItem(
      'customer',
      JSON.stringify({ _id: 'c1', token: 'stale', firstname: 'Asha', lastname: 'P', email: 'a@b.co', mobile: null }),
    );
    const message = "Your account's e-mail is asha@example.com again.";
    render(
      <MockedProvider
        mocks={[
          {
            request: { query: UndoEmailChangeDocument, variables: { token: 'the-token' } },
            result: { data: { undoEmailChange: { message } } },
          },
        ]}
      >
        <MemoryRouter initialEntries={['/undo-email-change/the-token']}>
          <Routes>
            <Route path="/undo-email-change/:token" element={<UndoEmailChangePage />} />
          </Routes>
        </MemoryRouter>
      </MockedProvider>,
    );
    expect(localStorage.getItem('customer')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Put my old e-mail back' }));
    expect(await screen.findByRole('status')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot-password');
  });
});
