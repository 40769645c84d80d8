import { lazy, Suspense, useState } from 'react';
import Boton from './Boton';
import Aviso from './Aviso';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { AuthProxyError, callAuthProxy } from '../../../providers/auth-proxy';
import { authProvider, DESPUES_DE_ACCEDER, LOGIN_OK } from '../../../providers/auth-provider';
import { session, sessionExpiry } from '../../../providers/session';
import { maskEmail } from '../../../domain/email-mask';
import type { TipoDocumento } from '../../../domain/identifiers';
import { LOGIN_MENSAJES, loginDocumentError } from '../../../domain/login-rules';
import { useToast } from '../../shell/notifications';
import { Spinner } from '../../shell/Loading';
import InitialStep from './InitialStep';
import PinForm from './PinForm';
import SegundoFactor from './SegundoFactor';
import { accederConLlave, segundoFactor, type SegundoFactor as Pendiente } from '../../../providers/llave-acceso';
import CertificadoAcceso from './CertificadoAcceso';
import { useCanjeCertificado } from './certificado';
import './login.css';

// Only first-time users get here: the e-mail step and its zod schema load when needed.
const RegistrationStep = lazy(() => import('./RegistrationStep'));

/** How long a PIN sent by e-mail can still be used (it is valid 10 minutes on the server). */
const PIN_VALIDO_MS = 10 * 60_000;

/** The PIN last sent to this tab: while it is valid, the person may go back to typing it. */
interface PinEnviado {
  tipo: TipoDocumento;
  username: string;
  notaria: string | undefined;
  hasta: number;
}

type Step = 'initial' | 'pincode' | 'registration' | 'registration-pincode' | 'registration-success' | 'segundo-factor';

const TITLES: Record<Step, string> = {
  initial: 'Acceso al Portal Notarial',
  pincode: 'Introducir Código de Acceso',
  registration: 'Completar Registro',
  'registration-pincode': 'Código de Registro',
  'registration-success': 'Registro Completado',
  'segundo-factor': 'Segundo factor del despacho',
};

/** Where to go after signing in: the ?to= target when it is a path of this portal. */
function targetOf(to: string | null): string {
  return to && to.startsWith('/') && !to.startsWith('//') ? to : DESPUES_DE_ACCEDER;
}

/**
 * The login screen: PIN sign-in and first-time registration.
 * It runs outside Refine (see src/Root.tsx), so the first page a visitor opens stays light;
 * the portal checks the stored session itself once it loads.
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const notify = useToast();
  const [verifying, setVerifying] = useState(false);

  const [step, setStep] = useState<Step>('initial');
  const [tipo, setTipo] = useState<TipoDocumento>('NIF');
  const [numero, setNumero] = useState('');
  const [notaria, setNotaria] = useState<string>();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  // read once: the portal marks a session that ended by itself before sending the person here
  const [caducada, setCaducada] = useState(() => sessionExpiry.take());
  const [pinEnviado, setPinEnviado] = useState<PinEnviado | null>(null);
  const [pendiente, setPendiente] = useState<Pendiente>();
  // back from the certificate listener with a one-time code (certificado.ts)
  const canje = useCanjeCertificado(params.get('certificado'), params.get('estado'));

  if (canje.estado === 'hecho') return <Navigate to={targetOf(canje.to)} replace />;
  if (canje.estado === 'canjeando') {
    return (
      <div className="login-page">
        <section className="login-card" aria-busy="true">
          <h1 className="login-title">Accediendo con su certificado…</h1>
          <Spinner size={20} className="login-spin" />
        </section>
      </div>
    );
  }

  // Already signed in (e.g. /login opened by hand): on to the portal, which checks the session.
  const stored = session.get();
  if (stored.token && stored.idPersona && !verifying) return <Navigate to={targetOf(params.get('to'))} replace />;

  const username = numero.trim().toUpperCase();
  const documentError = loginDocumentError(tipo, numero);

  const go = (next: Step) => {
    setStep(next);
    setAlert(null);
    setPin('');
    setPinError(null);
  };
  const volver = () => {
    go('initial');
    setTipo('NIF');
    setNumero('');
    setNotaria(undefined);
    setEmail('');
  };
  const failure = (title: string, e: unknown, fallback: string) => {
    const message = (e as Error).message || fallback;
    notify({ type: 'error', message: title, description: message });
    return message;
  };

  // eslint-disable-next-line react-hooks/purity -- read at each render on purpose: past its validity the PIN sent is no longer offered
  const pinVigente = pinEnviado && pinEnviado.hasta > Date.now() ? pinEnviado : null;
  /** Back to typing the PIN already sent, with the document and notaría it was sent for. */
  const usarPinEnviado = (p: PinEnviado) => {
    setTipo(p.tipo);
    setNumero(p.username);
    setNotaria(p.notaria);
    go('pincode');
  };

  const pedirCodigo = async () => {
    if (documentError) return setAlert(LOGIN_MENSAJES.corregirErrores);
    if (!username || !notaria) return setAlert(LOGIN_MENSAJES.obligatorios);
    setBusy(true);
    setAlert(null);
    setCaducada(false);
    try {
      const body = await callAuthProxy({ action: 'unifiedLogin', username, tipoDocumento: tipo });
      notify({ type: 'success', message: 'Código enviado', description: String(body.message ?? 'Código PIN enviado correctamente') });
      setPinEnviado({ tipo, username, notaria, hasta: Date.now() + PIN_VALIDO_MS });
      go('pincode');
    } catch (e) {
      if (e instanceof AuthProxyError && e.status === 429 && pinVigente && pinVigente.username === username && pinVigente.tipo === tipo) {
        // a new code cannot be sent yet, but the one just sent still works
        notify({ type: 'success', message: 'Código ya enviado', description: 'Introduzca el código que le enviamos hace un momento.' });
        usarPinEnviado({ ...pinVigente, notaria });
      } else if (e instanceof AuthProxyError && (e.status === 403 || e.message === 'Usuario no registrado')) {
        notify({ type: 'error', message: 'Usuario no registrado', description: 'Introduce tu email para completar el registro.' });
        go('registration');
      } else {
        setAlert(failure('Error', e, 'Error al procesar la solicitud'));
      }
    } finally {
      setBusy(false);
    }
  };

  const acceder = async () => {
    if (!pin.trim()) return setPinError(LOGIN_MENSAJES.pinObligatorio);
    setPinError(null);
    setVerifying(true);
    // The authProvider's own login, called directly: useLogin would need Refine on this page
    // (~40 KB Brotli more, over the 150 KB a visitor's first page may take).
    const result = await authProvider.login({ username, pincode: pin.trim(), externalIdNotaria: notaria ?? '' });
    if (!result.success) {
      setVerifying(false);
      setPin('');
      return notify({ type: 'error', message: result.error.name, description: result.error.message });
    }
    // an office account proves its passkey (or adds its first one) before its rights
    const falta = segundoFactor.get();
    if (falta) {
      setPendiente(falta);
      return go('segundo-factor');
    }
    notify({ type: 'success', ...result.successNotification });
    navigate(targetOf(params.get('to')), { replace: true });
  };

  const entrar = () => {
    notify({ type: 'success', ...LOGIN_OK });
    navigate(targetOf(params.get('to')), { replace: true });
  };

  const accederSinPin = async () => {
    setVerifying(true);
    setAlert(null);
    setCaducada(false);
    try {
      await accederConLlave(notaria);
      entrar();
    } catch (e) {
      setVerifying(false);
      setAlert((e as Error).message);
    }
  };

  const registrar = async (emailValido: boolean) => {
    if (!emailValido) return setAlert(LOGIN_MENSAJES.introduceEmailValido);
    setBusy(true);
    setAlert(null);
    try {
      await callAuthProxy({ action: 'registerUser', username, tipoDocumento: tipo, canal: email.trim(), tipoCanal: 'EMAIL' }, 'Error al enviar el registro');
      notify({ type: 'success', message: 'Código enviado', description: `Hemos enviado un código a ${maskEmail(email)}` });
      go('registration-pincode');
    } catch (e) {
      setAlert(failure('Error', e, 'Error al enviar el registro'));
    } finally {
      setBusy(false);
    }
  };

  const confirmarRegistro = async () => {
    if (!pin.trim()) return setPinError(LOGIN_MENSAJES.pinObligatorio);
    setBusy(true);
    setPinError(null);
    try {
      const body = await callAuthProxy(
        { action: 'registerUserPincode', username, tipoDocumento: tipo, canal: email.trim(), tipoCanal: 'EMAIL', pincode: pin.trim() },
        'Error al completar el registro',
      );
      notify({ type: 'success', message: 'Registro completado', description: String(body.message ?? 'Usuario registrado correctamente') });
      go('registration-success');
    } catch (e) {
      setPin('');
      failure('Error en el registro', e, 'Error al completar el registro');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <Link to="/" className="login-brand">
        Notaría
      </Link>
      {/* a plain section: antd's Card and Typography would bring Tabs, Skeleton and TextArea to the first page */}
      <section className="login-card" aria-labelledby="login-title">
        <h1 id="login-title" className="login-title">
          {TITLES[step]}
        </h1>
        {alert && <Aviso type="error" message={alert} />}
        {canje.estado === 'error' && step === 'initial' && (
          <Aviso type="error" message="No se pudo acceder con su certificado" description={canje.mensaje} />
        )}
        {caducada && step === 'initial' && (
          <Aviso type="warning" message="Su sesión ha caducado. Vuelva a acceder para continuar." />
        )}

        {step === 'initial' && pinVigente && (
          <Aviso
            type="info"
            message={`Ya le enviamos un código para ${pinVigente.username}.`}
            action={
              <Boton size="small" onClick={() => usarPinEnviado(pinVigente)}>
                Introducir el código
              </Boton>
            }
          />
        )}
        {step === 'initial' && (
          <InitialStep
            tipo={tipo}
            numero={numero}
            notaria={notaria}
            documentError={documentError}
            busy={busy}
            onTipo={(t) => {
              setTipo(t);
              setAlert(null);
            }}
            onNumero={(n) => {
              setNumero(n);
              setAlert(null);
            }}
            onNotaria={(n) => {
              setNotaria(n);
              setAlert(null);
            }}
            onSubmit={pedirCodigo}
          />
        )}
        {step === 'initial' && (
          <Boton block size="large" className="login-llave" onClick={accederSinPin} loading={verifying} disabled={busy}>
            Acceder con llave de acceso
          </Boton>
        )}
        {step === 'segundo-factor' && pendiente && <SegundoFactor pendiente={pendiente} onListo={entrar} />}
        {step === 'initial' && <CertificadoAcceso notaria={notaria} to={params.get('to')} />}
        {step === 'pincode' && (
          <PinForm
            intro="Introduzca el código de acceso que le hemos enviado por email."
            pin={pin}
            error={pinError}
            busy={verifying}
            submitLabel="Acceder"
            busyLabel="Verificando..."
            onPin={setPin}
            onSubmit={acceder}
            onBack={volver}
          />
        )}
        {step === 'registration' && (
          <Suspense fallback={<Spinner size={20} className="login-spin" />}>
            <RegistrationStep email={email} notaria={notaria} busy={busy} onEmail={setEmail} onSubmit={registrar} onBack={volver} />
          </Suspense>
        )}
        {step === 'registration-pincode' && (
          <PinForm
            intro={
              <>
                Introduzca el código de registro que le hemos enviado a <strong>{maskEmail(email)}</strong>
              </>
            }
            pin={pin}
            error={pinError}
            busy={busy}
            submitLabel="REGISTRARSE"
            busyLabel="Verificando..."
            onPin={setPin}
            onSubmit={confirmarRegistro}
            onBack={volver}
          />
        )}
        {step === 'registration-success' && (
          <>
            <p className="login-text">
              Su registro se ha completado correctamente. Pulse &apos;Acceder&apos; para recibir su código de acceso.
            </p>
            <Boton type="primary" block size="large" onClick={() => go('initial')} autoFocus>
              Acceder
            </Boton>
          </>
        )}
      </section>
    </div>
  );
}
