import { MockedProvider } from '@apollo/client/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from './contact-page';

const renderForm = () =>
  render(
    <MockedProvider>
      <ContactForm />
    </MockedProvider>,
  );

describe('the contact form', () => {
  it('shows nothing until a field is touched', () => {
    renderForm();
    expect(screen.queryByText('First Name is Required')).not.toBeInTheDocument();
  });

  it('validates on blur and on change with the spec messages', async () => {
    renderForm();
    await userEvent.click(screen.getByPlaceholderText('Name'));
    await userEvent.tab();
    expect(await screen.findByText('First Name is Required')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Email'), 'kiran');
    await userEvent.tab();
    expect(await screen.findByText('Email Should be valid')).toBeInTheDocument();
    await userEvent.clear(screen.getByPlaceholderText('Email'));
    expect(await screen.findByText('Email is Required')).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Mobile Number'), '98.5');
    await userEvent.tab();
    expect(await screen.findByText('Mobile No is Required')).toBeInTheDocument();
  });

  it('names every missing field on submit', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of ['First Name is Required', 'Email is Required', 'Mobile No is Required', 'comments is Required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });
});
