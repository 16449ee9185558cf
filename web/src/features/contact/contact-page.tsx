import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast/headless';
import { useShopInfoQuery } from '../../lib/__generated__/shop-info';
import { useSubmitEnquiryMutation } from './__generated__/contact';
import { Breadcrumb } from '../../components/breadcrumb';
import { SellerDetails } from '../../components/seller-details';
import { OPENING_HOURS } from '../../config/constants';
import { MESSAGES } from '../../config/messages';
import { ContactSchema, type ContactValues } from './contact-schema';
import './contact.css';
export function ContactForm() {
  const [submit, { loading }] = useSubmitEnquiryMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, touchedFields },
  } = useForm<ContactValues>({
    resolver: zodResolver(ContactSchema),
    mode: 'all',
    defaultValues: { name: '', email: '', mobile: '', comment: '', complaint: false },
  });
  // A complaint's ticket, said where the form is (and e-mailed) once it is sent.
  const [ticket, setTicket] = useState<string | null>(null);

  const onSubmit = async (values: ContactValues) => {
    try {
      const { complaint, ...message } = values;
      const sent = await submit({ variables: { input: { ...message, ...(complaint ? { complaint: true } : {}) } } });
      toast.success(MESSAGES.contactSent);
      setTicket(sent.data?.submitEnquiry.ticket ?? null);
      reset();
    } catch {
      toast.error(MESSAGES.contactFailed);
    }
  };
  const error = (field: keyof ContactValues) =>
    touchedFields[field] || errors[field]?.type === 'submit' || errors[field] ? errors[field]?.message : undefined;

  return (
    <form className="contact-form" noValidate onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label="Contact">
      {(
        [
          ['name', 'Name', 'text'],
          ['email', 'Email', 'email'],
          ['mobile', 'Mobile Number', 'tel'],
        ] as const
      ).map(([field, label, type]) => (
        <div className="field" key={field}>
          <label htmlFor={`contact-${field}`} className="visually-hidden">
            {label}
          </label>
          <input
            id={`contact-${field}`}
            type={type}
            placeholder={label}
            aria-invalid={Boolean(error(field))}
            aria-describedby={`contact-${field}-error`}
            {...register(field)}
          />
          <p className="field-error" id={`contact-${field}-error`}>
            {error(field)}
          </p>
        </div>
      ))}
      <div className="field">
        <label htmlFor="contact-comment" className="visually-hidden">
          Comments
        </label>
        <textarea
          id="contact-comment"
          rows={4}
          placeholder="Comments"
          aria-invalid={Boolean(error('comment'))}
          aria-describedby="contact-comment-error"
          {...register('comment')}
        />
        <p className="field-error" id="contact-comment-error">
          {error('comment')}
        </p>
      </div>
      <label className="checkbox-field">
        <input type="checkbox" {...register('complaint')} />
        This is a complaint: give me a ticket number (acknowledged within 48 hours, resolved within a month)
      </label>
      <button type="submit" className="button" disabled={loading}>
        Submit
      </button>
      <p role="status" className="complaint-ticket">
        {ticket &&
          `Your complaint's ticket number is ${ticket}. We will acknowledge it within 48 hours and resolve it within a month; we have e-mailed it to you too.`}
      </p>
    </form>
  );
}

export function ContactPage() {
  const { data } = useShopInfoQuery();
  const info = data?.shopInfo;
  return (
    <>
      <Breadcrumb title="Contact Us" />
      <div className="container contact-layout">
        <h2 className="map-heading">UAE - MAP</h2>
        <section className="contact-card">
          <div>
            <h3>Contact</h3>
            <ContactForm />
          </div>
          <div>
            <h3>Get in touch with us</h3>
            <ul className="contact-info">
              <li>
                <address>{info?.address}</address>
              </li>
              <li>
                <a href={`tel:${info?.phone ?? ''}`}>{info?.phone}</a>
              </li>
              <li>
                <a href={`mailto:${info?.email ?? ''}`}>{info?.email}</a>
              </li>
              <li>{info?.hours ?? OPENING_HOURS}</li>
            </ul>
            <h3>Seller and complaints</h3>
            <SellerDetails info={info} />
          </div>
        </section>
      </div>
    </>
  );
}
