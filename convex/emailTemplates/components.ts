/**
 * The React Email building blocks the templates use, each from its own
 * package: the `@react-email/components` barrel also loads Tailwind and a
 * syntax highlighter (about 4 s of module loading on a busy machine) that no
 * template needs. Templates import from here.
 */
export { Body } from "@react-email/body";
export { Button } from "@react-email/button";
export { Column } from "@react-email/column";
export { Container } from "@react-email/container";
export { Head } from "@react-email/head";
export { Heading } from "@react-email/heading";
export { Hr } from "@react-email/hr";
export { Html } from "@react-email/html";
export { Link } from "@react-email/link";
export { Preview } from "@react-email/preview";
export { Row } from "@react-email/row";
export { Section } from "@react-email/section";
export { Text } from "@react-email/text";
