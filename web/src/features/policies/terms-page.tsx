import { TextPage } from '../../components/text-page';

export const TermsPage = () => <TextPage title="Terms & Conditions" />;
