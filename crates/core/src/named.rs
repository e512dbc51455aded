//! Enums whose values have names (on the wire, in flags, in the config file), each with a line
//! of help: [`named!`] writes their `ALL`, `as_str`, `parse`, `names`, `help` and `aliases`
//! once for all of them. The command line offers them through `cli::value_enums!`, so the
//! types themselves know nothing of clap.

/// Declares an enum whose variants are written `Variant = "name"` (then `| "alias"`s), each
/// with a doc comment: its help, as `--help` shows it (one line; a final period is dropped).
/// A `default Variant;` after the enum is its `Default`. Every one is `Debug, Clone, Copy,
/// PartialEq, Eq` (its methods take it by value); other derives go before `enum`.
/// What every enum [`named!`] declares has, for code generic over them (a command line's
/// parser of any of them).
pub trait Named: Sized + Copy + Send + Sync + 'static {
    fn all() -> &'static [Self];
    fn name(self) -> &'static str;
    fn help_line(self) -> &'static str;
    fn other_names(self) -> &'static [&'static str];
}

#[macro_export]
macro_rules! named {
    (
        $(#[$meta:meta])*
        $vis:vis enum $ty:ident {
            $(
                $(#[doc = $help:literal])*
                $variant:ident = $name:literal $(| $alias:literal)*,
            )*
        }
        $(default $default:ident;)?
    ) => {
        $(
            impl Default for $ty {
                fn default() -> Self {
                    $ty::$default
                }
            }
        )?

        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        $vis enum $ty {
            $($(#[doc = $help])* $variant,)*
        }

        // Every named enum gets the whole set; not every one uses all of it.
        #[allow(dead_code)]
        impl $ty {
            /// Every value, in order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)*];

            /// The value's name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)*
                }
            }

            /// The value named exactly `name`.
            pub fn parse(name: &str) -> Option<$ty> {
                Self::ALL.iter().copied().find(|v| v.as_str() == name)
            }

            /// Every name, in order (for schemas and messages).
            pub fn names() -> Vec<&'static str> {
                Self::ALL.iter().map(|v| v.as_str()).collect()
            }

            /// What the value means: its doc comment, on one line.
            pub fn help(self) -> &'static str {
                let doc: &'static str = match self {
                    $($ty::$variant => concat!($($help),*),)*
                };
                let doc = doc.trim();
                doc.strip_suffix('.').unwrap_or(doc)
            }

            /// Other names the command line takes for the value (`job-admin`).
            pub fn aliases(self) -> &'static [&'static str] {
                match self {
                    $($ty::$variant => &[$($alias),*],)*
                }
            }
        }

        impl $crate::named::Named for $ty {
            fn all() -> &'static [Self] {
                Self::ALL
            }
            fn name(self) -> &'static str {
                self.as_str()
            }
            fn help_line(self) -> &'static str {
                self.help()
            }
            fn other_names(self) -> &'static [&'static str] {
                self.aliases()
            }
        }
    };
}

#[cfg(test)]
mod tests {
    named! {
        enum Fruit {
            /// A red one.
            Apple = "apple" | "red-apple",
            /// Long and yellow
            Banana = "banana",
        }
        default Banana;
    }

    #[test]
    fn names_help_and_aliases_come_from_the_declaration() {
        assert_eq!(Fruit::ALL, [Fruit::Apple, Fruit::Banana]);
        assert_eq!(Fruit::names(), ["apple", "banana"]);
        assert_eq!(Fruit::parse("banana"), Some(Fruit::Banana));
        assert_eq!(Fruit::parse("Banana"), None);
        assert_eq!(Fruit::Apple.help(), "A red one");
        assert_eq!(Fruit::Banana.help(), "Long and yellow");
        assert_eq!(Fruit::Apple.aliases(), ["red-apple"]);
        assert!(Fruit::Banana.aliases().is_empty());
        assert_eq!(Fruit::default(), Fruit::Banana);
    }
}
