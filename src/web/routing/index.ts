// The app's one door to routing: every screen imports from here, so the router behind it can
// change without touching them.
export * from 'react-router';
