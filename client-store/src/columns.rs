//! The store's named values as columns: [`Emotion`] and [`VoucherStatus`] are kept by name
//! in a TEXT column (the migrations' CHECK constraints list the same names), in either
//! database, so rows decode straight into them.

use crate::{Emotion, VoucherStatus};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

macro_rules! text_column {
    ($named:ty) => {
        impl<DB: Database> Type<DB> for $named
        where
            str: Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: Database> Encode<'q, DB> for $named
        where
            &'q str: Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as Database>::ArgumentBuffer,
            ) -> Result<IsNull, BoxDynError> {
                self.as_str().encode(buf)
            }
        }

        impl<'r, DB: Database> Decode<'r, DB> for $named
        where
            &'r str: Decode<'r, DB>,
        {
            fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok(<&str as Decode<DB>>::decode(value)?.parse()?)
            }
        }
    };
}

text_column!(Emotion);
text_column!(VoucherStatus);
