import { Link } from 'react-router-dom';
import { ROUTES } from '../../config/routes';
import { TextPage } from '../../components/text-page';

export const SupportPage = () => (
  <TextPage title="Support">
    <p>
      Support: <Link to={ROUTES.contact}>contact us</Link> and we will help.
    </p>
  </TextPage>
);
