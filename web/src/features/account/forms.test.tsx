import { MockedProvider } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';
import { SignupPage } from './signup-page';
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
});
