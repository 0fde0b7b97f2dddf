import type { Locale } from "@latent/domain/locales";

/** Words of the newsletter's mails and pages; `{percent}` and `{days}` are filled in when rendered. */
const en = {
  confirm_subject: "Confirm your subscription to the Latent newsletter",
  confirm_intro: "Someone, hopefully you, asked to receive the Latent newsletter at this address.",
  confirm_action: "Confirm my subscription",
  confirm_expiry: "The link works for {days} days. If you did not ask for this, ignore this email and nothing will happen.",
  discount: "Once confirmed, you get {percent}% off your first subscription.",
  already_subject: "You already receive the Latent newsletter",
  already_body: "This address is already subscribed to the Latent newsletter. Nothing has changed.",
  unsubscribe_hint: "You can unsubscribe at any time:",
  unsubscribe: "Unsubscribe",
  confirmed_title: "Subscription confirmed",
  confirmed_body:
    "Thank you! You will receive the Latent newsletter, and your {percent}% discount on a first subscription is saved for this email address.",
  unsubscribed_title: "You are unsubscribed",
  unsubscribed_body: "You will not receive the Latent newsletter any more. You can subscribe again from our website at any time.",
  invalid_title: "This link is not valid",
  invalid_body:
    "The link may be incomplete, or older than {days} days if it was a confirmation link. To subscribe, start again from our website.",
  back: "Go to Latent",
};

export type NewsletterTexts = typeof en;

export const NEWSLETTER_TEXTS: Record<Locale, NewsletterTexts> = {
  "en-US": en,
  "es-ES": {
    confirm_subject: "Confirma tu suscripción al boletín de Latent",
    confirm_intro: "Alguien, esperamos que tú, ha pedido recibir el boletín de Latent en esta dirección.",
    confirm_action: "Confirmar mi suscripción",
    confirm_expiry: "El enlace funciona durante {days} días. Si no lo has pedido tú, ignora este correo y no pasará nada.",
    discount: "Al confirmar, obtienes un {percent} % de descuento en tu primera suscripción.",
    already_subject: "Ya recibes el boletín de Latent",
    already_body: "Esta dirección ya está suscrita al boletín de Latent. No ha cambiado nada.",
    unsubscribe_hint: "Puedes darte de baja en cualquier momento:",
    unsubscribe: "Darme de baja",
    confirmed_title: "Suscripción confirmada",
    confirmed_body:
      "¡Gracias! Recibirás el boletín de Latent, y tu descuento del {percent} % en una primera suscripción queda guardado para esta dirección de correo.",
    unsubscribed_title: "Te has dado de baja",
    unsubscribed_body: "Ya no recibirás el boletín de Latent. Puedes volver a suscribirte desde nuestra web cuando quieras.",
    invalid_title: "Este enlace no es válido",
    invalid_body:
      "Puede que el enlace esté incompleto o, si era de confirmación, que tenga más de {days} días. Para suscribirte, vuelve a empezar desde nuestra web.",
    back: "Ir a Latent",
  },
  "fr-FR": {
    confirm_subject: "Confirmez votre inscription à la newsletter de Latent",
    confirm_intro: "Quelqu’un, vous-même nous l’espérons, a demandé à recevoir la newsletter de Latent à cette adresse.",
    confirm_action: "Confirmer mon inscription",
    confirm_expiry:
      "Le lien est valable {days} jours. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne se passera.",
    discount: "Une fois l’inscription confirmée, vous bénéficiez de {percent} % de réduction sur votre premier abonnement.",
    already_subject: "Vous recevez déjà la newsletter de Latent",
    already_body: "Cette adresse est déjà inscrite à la newsletter de Latent. Rien n’a changé.",
    unsubscribe_hint: "Vous pouvez vous désinscrire à tout moment :",
    unsubscribe: "Me désinscrire",
    confirmed_title: "Inscription confirmée",
    confirmed_body:
      "Merci ! Vous recevrez la newsletter de Latent, et votre réduction de {percent} % sur un premier abonnement est enregistrée pour cette adresse e-mail.",
    unsubscribed_title: "Désinscription effectuée",
    unsubscribed_body: "Vous ne recevrez plus la newsletter de Latent. Vous pouvez vous réinscrire depuis notre site à tout moment.",
    invalid_title: "Ce lien n’est pas valide",
    invalid_body:
      "Le lien est peut-être incomplet ou, s’il s’agissait d’un lien de confirmation, vieux de plus de {days} jours. Pour vous inscrire, recommencez depuis notre site.",
    back: "Aller sur Latent",
  },
  "it-IT": {
    confirm_subject: "Conferma la tua iscrizione alla newsletter di Latent",
    confirm_intro: "Qualcuno, speriamo tu, ha chiesto di ricevere la newsletter di Latent a questo indirizzo.",
    confirm_action: "Conferma la mia iscrizione",
    confirm_expiry: "Il link è valido per {days} giorni. Se non l’hai chiesto tu, ignora questa email e non succederà nulla.",
    discount: "Una volta confermata l’iscrizione, avrai uno sconto del {percent}% sul tuo primo abbonamento.",
    already_subject: "Ricevi già la newsletter di Latent",
    already_body: "Questo indirizzo è già iscritto alla newsletter di Latent. Non è cambiato nulla.",
    unsubscribe_hint: "Puoi annullare l’iscrizione in qualsiasi momento:",
    unsubscribe: "Annulla l’iscrizione",
    confirmed_title: "Iscrizione confermata",
    confirmed_body:
      "Grazie! Riceverai la newsletter di Latent, e il tuo sconto del {percent}% su un primo abbonamento è salvato per questo indirizzo email.",
    unsubscribed_title: "Iscrizione annullata",
    unsubscribed_body: "Non riceverai più la newsletter di Latent. Puoi iscriverti di nuovo dal nostro sito in qualsiasi momento.",
    invalid_title: "Questo link non è valido",
    invalid_body:
      "Il link potrebbe essere incompleto o, se era un link di conferma, più vecchio di {days} giorni. Per iscriverti, ricomincia dal nostro sito.",
    back: "Vai a Latent",
  },
  "ca-ES": {
    confirm_subject: "Confirma la teva subscripció al butlletí de Latent",
    confirm_intro: "Algú, esperem que tu, ha demanat rebre el butlletí de Latent en aquesta adreça.",
    confirm_action: "Confirma la meva subscripció",
    confirm_expiry: "L’enllaç funciona durant {days} dies. Si no ho has demanat tu, ignora aquest correu i no passarà res.",
    discount: "Un cop confirmada, tindràs un {percent} % de descompte en la teva primera subscripció.",
    already_subject: "Ja reps el butlletí de Latent",
    already_body: "Aquesta adreça ja està subscrita al butlletí de Latent. No ha canviat res.",
    unsubscribe_hint: "Pots donar-te de baixa en qualsevol moment:",
    unsubscribe: "Dona’m de baixa",
    confirmed_title: "Subscripció confirmada",
    confirmed_body:
      "Gràcies! Rebràs el butlletí de Latent, i el teu descompte del {percent} % en una primera subscripció queda desat per a aquesta adreça de correu.",
    unsubscribed_title: "T’has donat de baixa",
    unsubscribed_body: "Ja no rebràs el butlletí de Latent. Et pots tornar a subscriure des del nostre web quan vulguis.",
    invalid_title: "Aquest enllaç no és vàlid",
    invalid_body:
      "Pot ser que l’enllaç estigui incomplet o, si era de confirmació, que tingui més de {days} dies. Per subscriure’t, torna a començar des del nostre web.",
    back: "Ves a Latent",
  },
};
