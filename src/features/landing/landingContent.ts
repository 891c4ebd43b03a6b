/** Copy for the landing page, kept apart from layout so wording changes stay small. */

export const marketingStats = [
  { value: "10K+", label: "users", colorClass: "text-brand-amber" },
  { value: "50K+", label: "events", colorClass: "text-brand-orange" },
  { value: "100+", label: "cities", colorClass: "text-brand-pink" },
] as const;

export const features = [
  {
    emoji: "⚡",
    title: "Set up in under 60 seconds",
    body: "Pick a vibe, a place and a time. Done — your night is on the map before the first round.",
  },
  {
    emoji: "👯",
    title: "Crews for your regulars",
    body: "Keep your people in crews and invite the whole gang at once, every time.",
  },
  {
    emoji: "📍",
    title: "Discover nearby sessions",
    body: "See what's pouring near you tonight and jump into public sessions with new faces.",
  },
  {
    emoji: "📲",
    title: "Invites that send themselves",
    body: "Auto-invites go out through messaging apps, SMS or a simple link. No chasing anyone.",
  },
  {
    emoji: "🟢",
    title: "Live RSVPs",
    body: "Watch who's in update in real time. No more “so… who's actually coming?” threads.",
  },
] as const;

export const vibes = [
  {
    emoji: "😌",
    name: "Chill",
    body: "Low-key drinks, good chats, zero pressure.",
    gradientClass: "from-sky-300 via-teal-200 to-emerald-300",
  },
  {
    emoji: "🧊",
    name: "Stone Cold",
    body: "Ice-cold pints and a no-nonsense crowd.",
    gradientClass: "from-slate-200 via-cyan-200 to-blue-300",
  },
  {
    emoji: "🍸",
    name: "Classy",
    body: "Cocktails, candlelight and your best shirt.",
    gradientClass: "from-violet-300 via-fuchsia-200 to-rose-300",
  },
  {
    emoji: "🎉",
    name: "Party",
    body: "Shots, music, chaos. See you at sunrise.",
    gradientClass: "from-amber-300 via-orange-300 to-pink-400",
  },
] as const;
