// The Express peer of `npm run bench` (issue #18): Express 5 with express-session (its memory
// store) and passport, doing the same job as Tripmates' `GET /api/user` — find the session from
// the cookie, restore its user, answer the user as JSON. POST /login makes the session.
import express from 'express';
import session from 'express-session';
import passport from 'passport';

const user = {
  id: '6d1f3c1e-9a4b-4c1e-8f55-3d2c1b0a9f88',
  username: 'ana_lima',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Lima',
  profileImageUrl: null,
  plan: 'free',
  isPremium: false,
  role: 'user',
  twoFactorEnabled: false,
};

passport.serializeUser((u, done) => done(null, u.id));
passport.deserializeUser((id, done) => done(null, id === user.id ? user : false));

const app = express();
app.use(
  session({
    secret: 'bench-only-secret',
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax' },
  }),
);
app.use(passport.session());
app.post('/login', (req, res, next) =>
  req.login(user, (error) => (error ? next(error) : res.json({ success: true }))),
);
app.get('/api/user', (req, res) => {
  if (!req.user) return res.status(401).json({ message: 'Sign in' });
  res.json(req.user);
});

const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => {
  process.send?.('ready');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
