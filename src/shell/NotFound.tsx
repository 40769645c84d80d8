import { Link } from 'react-router';

/** The not-found screen of any unknown route (*). */
export default function NotFound() {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <div style={{ textAlign: 'center' }}>
        <h1 style={{ fontSize: 48, margin: 0 }}>404</h1>
        <p style={{ fontSize: 20, color: '#595959' }}>Oops! Page not found</p>
        <Link to="/" style={{ color: '#0958d9', textDecoration: 'underline' }}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
